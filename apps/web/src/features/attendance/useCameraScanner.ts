import { useEffect, useRef, useState } from 'react';
import { hasCameraAccess, startCameraScanner, type CameraState } from './cameraScanner';

export type { CameraState } from './cameraScanner';

/**
 * The back camera in `video`, read for QR codes while the element is shown (cameraScanner.ts); each
 * decoded text goes to the latest `onCode`. The element comes from a ref callback: a dialog's content
 * may mount after the dialog itself. The camera is released when the element goes.
 */
export function useCameraScanner(video: HTMLVideoElement | null, onCode: (text: string) => void): CameraState {
  const [state, setState] = useState<CameraState>(() => (hasCameraAccess() ? 'starting' : 'unavailable'));
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    if (!video) return undefined;
    return startCameraScanner(video, { onCode: (text) => onCodeRef.current(text), onState: setState });
  }, [video]);

  return state;
}
