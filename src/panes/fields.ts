// The readers live in format/ (the exporter reads the same records); kept here for the panes that import them.
export * from '../format/fields';
