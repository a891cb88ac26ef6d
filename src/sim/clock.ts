// Simulated time. Tests drive it by hand (`advance`); the served node follows the wall clock through an unref'd
// interval so a forgotten node never keeps the process alive.

export interface SimClock {
  now(): number;
}

export class ManualClock implements SimClock {
  private t: number;
  constructor(startMs: number) {
    this.t = startMs;
  }
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += Math.max(0, ms);
  }
  set(ms: number): void {
    this.t = Math.max(this.t, ms);
  }
}
