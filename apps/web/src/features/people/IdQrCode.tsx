import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { formatDay } from '@patio/core/format/dateTimes';
import type { IdCode } from '@patio/core/schemas/attendance';
import { useSessionState } from '../../app/services';
import { qrPathOf, QUIET_ZONE } from './qrPath';
import classes from './IdCard.module.css';

interface DrawnQr {
  text: string;
  path: string;
  side: number;
}

/** Draws a code as a QR path; the library is loaded only by the screens that show one. */
async function drawQr(text: string): Promise<DrawnQr> {
  const { create } = await import('qrcode');
  // Level M: a phone screen is clean, and a smaller symbol has larger modules for the scanner's camera.
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { text, path: qrPathOf(modules), side: modules.size + 2 * QUIET_ZONE };
}

/** Whether a code is still good, turning false by itself the moment its day ends. */
function useIsValid(code: IdCode | null): boolean {
  // The code text known to be over: a new code (the next day's) is good again.
  const [ended, setEnded] = useState<string | null>(null);
  useEffect(() => {
    if (code === null) return undefined;
    // A timer longer than 2^31 ms fires at once: a code is good for one day, far below it.
    const left = Math.min(Math.max(0, code.validUntil * 1000 - Date.now()), 2 ** 31 - 1);
    const timer = setTimeout(() => setEnded(code.code), left);
    return () => clearTimeout(timer);
  }, [code]);
  return code !== null && ended !== code.code;
}

export interface IdQrCodeProps {
  /** Today's code; null when the school gave none. */
  code: IdCode | null;
  /** The holder's name, for the image's label. */
  holderName: string;
}

/**
 * The card's QR code (issue 36 §3), black on white with its quiet zone for any scanner, labelled for
 * screen readers, and the one day it is good for. A code whose day has ended is not drawn.
 */
export function IdQrCode({ code, holderName }: IdQrCodeProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const isValid = useIsValid(code);
  const text = isValid ? code!.code : null;
  const [drawn, setDrawn] = useState<DrawnQr | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (text === null) return undefined;
    let current = true;
    drawQr(text).then(
      (qr) => current && setDrawn(qr),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [text]);

  if (code === null || failed) return <p className={classes.qrNote}>{t('schoolId.noCode')}</p>;
  if (!isValid) return <p className={classes.qrNote}>{t('schoolId.expired')}</p>;
  const shown = drawn?.text === code.code ? drawn : null;
  return (
    <figure className={classes.qr}>
      <div className={classes.qrFrame}>
        {shown ? (
          <svg role="img" aria-label={t('schoolId.qrLabel', { name: holderName })} viewBox={`0 0 ${shown.side} ${shown.side}`} className={classes.qrImage} shapeRendering="crispEdges">
            <rect width={shown.side} height={shown.side} fill="#fff" />
            <path d={shown.path} fill="#000" />
          </svg>
        ) : (
          <Loader role="status" size="sm" aria-label={t('schoolId.drawing')} />
        )}
      </div>
      <figcaption className={classes.qrCaption}>
        <strong>{t('schoolId.validOn', { date: formatDay(code.day, language, 'full') })}</strong>
        <span>{t('schoolId.qrHint')}</span>
      </figcaption>
    </figure>
  );
}
