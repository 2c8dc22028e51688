import classes from './PublicLayout.module.css';

export interface BrandProps {
  name: string;
  logo?: string | null;
  logoAlt?: string;
}

/** Logo (or the Patio mark) and a name, on the coloured band of the public screens. */
export function Brand({ name, logo, logoAlt = '' }: BrandProps) {
  return (
    <>
      {logo ? (
        <img src={logo} alt={logoAlt} className={classes.logo} />
      ) : (
        <span className={classes.mark} aria-hidden="true">
          P
        </span>
      )}
      <span className={classes.brandName}>{name}</span>
    </>
  );
}
