export interface Debounced {
  (): void;
  cancel(): void;
}

/** Calls `run` once, `ms` after the last of a burst of calls. */
export function debounce(run: () => void, ms: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, ms);
  };
  return Object.assign(debounced, { cancel: () => clearTimeout(timer) });
}
