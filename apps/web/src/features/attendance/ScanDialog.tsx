import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCameraOff, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { ScanResult } from '@patio/core/schemas/attendance';
import { typeLabel } from './attendanceText';
import { scanErrorText } from './scanText';
import { useCameraScanner, type CameraState } from './useCameraScanner';
import { useScanCode } from './useScanCode';
import classes from './scan.module.css';
import './attendanceStyles';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';

/** One scan's outcome as the dialog lists it. */
interface Outcome {
  id: number;
  kind: 'marked' | 'already' | 'refused';
  text: string;
}

/** A code the camera keeps seeing is one scan: it counts again only after this long out of mind. */
const REPEAT_MS = 4_000;
/** Outcomes listed under the latest one. */
const RECENT = 6;

const cameraMessages: Record<CameraState, string> = {
  starting: 'attendance.scan.cameraStarting',
  scanning: 'attendance.scan.cameraReady',
  refused: 'attendance.scan.cameraRefused',
  unavailable: 'attendance.scan.cameraUnavailable',
};

export interface ScanDialogProps {
  nodeId: number;
  groupName: string;
  onClose(): void;
}

/**
 * "Escanear carné" on the roll (issue 36 §3): the back camera reads the card's QR code, and a text
 * field takes what a keyboard-wedge scanner or a person types (Enter sends it). Each code is sent to
 * POST attendance/checkpoints/{nodeId}/scan and its outcome said in words: the student's name and
 * "Presente", "Ya estaba marcado", or why it was refused.
 */
export default function ScanDialog({ nodeId, groupName, onClose }: ScanDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const scan = useScanCode(nodeId);
  const [typed, setTyped] = useState('');
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [sending, setSending] = useState(0);
  const nextId = useRef(1);
  const lastSeen = useRef<{ code: string; at: number } | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);

  const describe = useCallback(
    (result: ScanResult): Omit<Outcome, 'id'> => {
      const name = formatFullName(result.person);
      if (result.alreadyMarked) return { kind: 'already', text: t('attendance.scan.result', { name, result: `${t('attendance.scan.alreadyMarked')} (${typeLabel(t, result.status)})` }) };
      return { kind: 'marked', text: t('attendance.scan.result', { name, result: typeLabel(t, result.status) }) };
    },
    [t],
  );

  const { mutateAsync } = scan;
  const submit = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!code) return;
      setSending((n) => n + 1);
      let outcome: Omit<Outcome, 'id'>;
      try {
        outcome = describe(await mutateAsync(code));
      } catch (error) {
        outcome = { kind: 'refused', text: scanErrorText(t, error) };
      } finally {
        setSending((n) => n - 1);
      }
      const id = nextId.current++;
      setOutcomes((list) => [{ id, ...outcome }, ...list].slice(0, RECENT + 1));
    },
    [describe, mutateAsync, t],
  );

  const handleCameraCode = useCallback(
    (code: string) => {
      const now = Date.now();
      const last = lastSeen.current;
      lastSeen.current = { code, at: now };
      if (last && last.code === code && now - last.at < REPEAT_MS) return;
      void submit(code);
    },
    [submit],
  );
  const camera = useCameraScanner(video, handleCameraCode);
  const hasCamera = camera === 'starting' || camera === 'scanning';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(typed);
    setTyped('');
  };

  const [latest, ...earlier] = outcomes;
  // A scanner types fast and often: on a computer the field has the focus; on a phone, the camera.
  const focusField = typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches;

  return (
    <Modal opened onClose={onClose} title={t('attendance.scan.title', { group: groupName })} fullScreen={isPhone} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <div className={classes.body}>
        <div className={classes.camera} data-hidden={!hasCamera || undefined}>
          <video ref={setVideo} className={classes.video} muted playsInline aria-label={t('attendance.scan.camera')} />
        </div>
        <p className={classes.cameraState} data-state={camera}>
          {hasCamera ? <IconInfoCircle size={18} aria-hidden="true" /> : <IconCameraOff size={18} aria-hidden="true" />}
          <span>{t(cameraMessages[camera])}</span>
        </p>

        <form className={classes.form} onSubmit={handleSubmit}>
          <TextInput
            className={classes.field}
            label={t('attendance.scan.codeLabel')}
            description={t('attendance.scan.codeHint')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={512}
            data-autofocus={focusField || !hasCamera || undefined}
          />
          {/* Never disabled: a disabled submit button would stop Enter from sending the form. */}
          <Button type="submit">{t('attendance.scan.submit')}</Button>
        </form>

        <div className={classes.latest} role="status" aria-live="polite" aria-atomic="true">
          {sending > 0 && <p className={classes.sending}>{t('attendance.scan.sending')}</p>}
          {latest && (
            <p className={classes.outcome} data-kind={latest.kind}>
              {latest.kind === 'refused' ? <IconAlertTriangle size={22} aria-hidden="true" /> : <IconCircleCheck size={22} aria-hidden="true" />}
              <span>{latest.text}</span>
            </p>
          )}
        </div>
        {earlier.length > 0 && (
          <section aria-labelledby="scan-recent">
            <h3 id="scan-recent" className={classes.recentTitle}>
              {t('attendance.scan.recent')}
            </h3>
            <ul className={classes.recent}>
              {earlier.map((outcome) => (
                <li key={outcome.id} data-kind={outcome.kind}>
                  {outcome.text}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Modal>
  );
}
