/** The server's source of time; tests replace it to move time without waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function fixedClock(start: Date | string) {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (d: Date | string) => {
      t = new Date(d).getTime();
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}
