/**
 * Where "now" comes from. Domain modules and jobs take a Clock instead of calling `new Date()`, so a test can
 * move time (an order's expiry, a job's next period) without waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told: `advance(ms)` or `set(date)`. For tests and scripts. */
export interface ManualClock extends Clock {
  advance(ms: number): Date;
  set(date: Date): void;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
      return new Date(current);
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
