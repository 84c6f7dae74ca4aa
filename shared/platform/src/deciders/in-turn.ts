/**
 * Runs the tasks given for one key one after another in this process; tasks of other keys run beside them.
 * The writers of a hot stream (a detail's stock in a rush for its last units) queue here instead of racing
 * for its revision: each decides on the fold the one before it left, so its append lands the first time, where
 * racing writers would lose round after round until their retries ran out (409). Writers in other processes
 * still race, and `handleCommand`'s retries settle those.
 */
export function createInTurn() {
  const lastOf = new Map<string, Promise<void>>();
  return function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (lastOf.get(key) ?? Promise.resolve()).then(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    lastOf.set(key, settled);
    // The key is forgotten once its queue is empty, so the map holds only keys with work in hand.
    void settled.then(() => {
      if (lastOf.get(key) === settled) lastOf.delete(key);
    });
    return result;
  };
}
