import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordCheck } from '@patio/core/password/passwordPolicy';
import classes from './PasswordStrength.module.css';

/** The words of the five zxcvbn scores, weakest first. */
const LEVELS = ['veryWeak', 'weak', 'fair', 'strong', 'veryStrong'] as const;

/** The zxcvbn feedback keys the dictionaries translate; any other key is left unsaid rather than shown raw. */
const WARNINGS = new Set([
  'straightRow', 'keyPattern', 'simpleRepeat', 'extendedRepeat', 'sequences', 'recentYears', 'dates', 'topTen',
  'topHundred', 'common', 'similarToCommon', 'wordByItself', 'namesByThemselves', 'commonNames', 'userInputs',
]);
const SUGGESTIONS = new Set([
  'l33t', 'reverseWords', 'allUppercase', 'capitalization', 'dates', 'recentYears', 'associatedYears', 'sequences',
  'repeated', 'longerKeyboardPattern', 'anotherWord', 'useWords', 'noNeed',
]);

export interface PasswordStrengthProps {
  /** The policy's verdict on the typed password; nothing is drawn without one. */
  check: PasswordCheck | null;
  /** False while the field already shows the refusal as its error, so it is not said twice. */
  showProblem?: boolean;
}

/** A live strength meter under a new password: the level in words and zxcvbn's advice, translated. */
export function PasswordStrength({ check, showProblem = true }: PasswordStrengthProps) {
  const { t } = useTranslation();
  const labelId = useId();
  if (!check) return null;
  // A password the policy refuses never reads as strong, whatever its raw score.
  const score = check.ok ? check.score : Math.min(check.score, 1);
  const level = LEVELS[score];
  const levelText = t(`password.levels.${level}`);
  const advice = [
    // "Weak" is what the level and zxcvbn's advice already say; length and the common list are not.
    showProblem && check.problem && check.problem !== 'password_weak' ? t(`registration.errors.${check.problem}`) : null,
    check.warning && WARNINGS.has(check.warning) ? t(`password.warnings.${check.warning}`) : null,
    ...check.suggestions.filter((key) => SUGGESTIONS.has(key)).map((key) => t(`password.suggestions.${key}`)),
  ].filter((text): text is string => Boolean(text));

  return (
    <div className={classes.strength}>
      <div className={classes.head}>
        <span id={labelId}>{t('password.strength')}</span>
        <span className={classes.level} data-level={level} aria-live="polite">
          {levelText}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={levelText}
        className={classes.track}
      >
        <div className={classes.fill} data-level={level} style={{ width: `${(score + 1) * 20}%` }} />
      </div>
      {advice.length > 0 && (
        <ul className={classes.advice}>
          {advice.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
