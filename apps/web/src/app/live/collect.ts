export interface Collector<T> {
  (item: T): void;
  cancel(): void;
}

/**
 * Gathers items and hands them over together `ms` after the first one of a batch. Unlike a debounce,
 * a steady stream (answers arriving every few milliseconds) still flushes every `ms`.
 */
export function collect<T>(run: (items: Set<T>) => void, ms: number): Collector<T> {
  let items = new Set<T>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const add = (item: T) => {
    items.add(item);
    timer ??= setTimeout(() => {
      const batch = items;
      items = new Set();
      timer = undefined;
      run(batch);
    }, ms);
  };
  return Object.assign(add, {
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      items = new Set();
    },
  });
}
