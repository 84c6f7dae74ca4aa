/** The slide `step` places away from `current`, wrapping around both ends. */
export const slideIndex = (current: number, step: number, count: number) =>
  count === 0 ? 0 : (((current + step) % count) + count) % count;
