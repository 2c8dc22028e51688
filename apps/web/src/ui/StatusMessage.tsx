import type { ReactNode } from 'react';
import { Button } from './Button';
import classes from './StatusMessage.module.css';

export interface StatusAction {
  label: string;
  onClick: () => void;
}

export interface StatusMessageProps {
  icon?: ReactNode;
  title?: string;
  headingLevel?: 1 | 2;
  body: string;
  actions?: StatusAction[];
}

/** A centred message with next steps: empty states, errors, screens still to come. */
export function StatusMessage({ icon, title, headingLevel = 2, body, actions = [] }: StatusMessageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={classes.root}>
      {icon && (
        <div className={classes.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      {title && <Heading className={classes.title}>{title}</Heading>}
      <p className={classes.body}>{body}</p>
      {actions.length > 0 && (
        <div className={classes.actions}>
          {actions.map((action, index) => (
            <Button key={action.label} variant={index === 0 ? 'primary' : 'default'} onClick={action.onClick}>
              {action.label}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
