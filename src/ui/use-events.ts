// The screens' way to read the event log's book (domain/events/book.ts, handed in with the app's config): its
// events, when the Events pane was last opened, and its notes, each re-rendering only when it changes.
import { useSyncExternalStore } from 'react';
import { useAppConfig } from './config';
import type { EventBook } from '../domain/events/book';
import type { EventLine } from '../domain/events/record';

const none = () => () => {};
const NO_EVENTS: readonly EventLine[] = [];
const NO_NOTES: readonly string[] = [];

export function useEventBook(): EventBook | undefined {
  return useAppConfig().events;
}

export function useBookEvents(book: EventBook | undefined): readonly EventLine[] {
  return useSyncExternalStore(book ? book.subscribe : none, () => book?.events() ?? NO_EVENTS);
}

export function useSeenAt(book: EventBook | undefined): number | undefined {
  return useSyncExternalStore(book ? book.subscribe : none, () => book?.seenAt());
}

export function useBookNotes(book: EventBook | undefined): readonly string[] {
  return useSyncExternalStore(book ? book.subscribe : none, () => book?.notes() ?? NO_NOTES);
}
