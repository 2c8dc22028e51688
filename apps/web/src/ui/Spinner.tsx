import classes from './controls.module.css';

/** A small spinning ring; decorative (the surrounding control or status text says what happens). */
export function Spinner({ size = 18 }: { size?: number }) {
  return <span className={classes.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
