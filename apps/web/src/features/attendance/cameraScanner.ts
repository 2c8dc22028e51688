/** Where the camera is: starting, reading frames, refused by the person or the browser, or absent. */
export type CameraState = 'starting' | 'scanning' | 'refused' | 'unavailable';

/** Frames are read a few times a second: enough for a card held up, light on a phone's battery. */
const FRAME_MS = 150;
/** Frames are scaled down to this side before decoding: a card's code stays readable, decoding stays fast. */
const MAX_SIDE = 640;

type Decode = (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts?: 'dontInvert' }) => { data: string } | null;

/** jsQR, loaded only once the camera runs; its bundle shape differs between builds (CommonJS default). */
async function loadDecoder(): Promise<Decode> {
  const module = (await import('jsqr')) as unknown as { default: Decode | { default: Decode } };
  return typeof module.default === 'function' ? module.default : module.default.default;
}

/** The browser offers cameras at all: not on an insecure page, nor in older browsers. */
export const hasCameraAccess = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Refused (by the person, a policy or an insecure page) or simply not there. */
export function cameraStateOf(error: unknown): CameraState {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable';
}

export interface CameraScannerOptions {
  /** Each decoded text: the same code is reported every frame it is in view; the caller decides what a repeat means. */
  onCode(text: string): void;
  onState(state: CameraState): void;
}

/**
 * Shows the back camera in `video` and reads its frames for QR codes (drawn onto a canvas, decoded
 * with jsQR). Answers the function that stops it and lets the camera go.
 */
export function startCameraScanner(video: HTMLVideoElement, { onCode, onState }: CameraScannerOptions): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => stream?.getTracks().forEach((track) => track.stop());

  async function start(): Promise<void> {
    if (!hasCameraAccess()) {
      onState('unavailable');
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    } catch (error) {
      if (!stopped) onState(cameraStateOf(error));
      return;
    }
    // Stopped while the browser asked: the camera it granted is let go at once.
    if (stopped) return release();
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    const decode = await loadDecoder();
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (stopped) return release();
    if (!context) return onState('unavailable');
    onState('scanning');
    const readFrame = () => {
      if (stopped) return;
      if (video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const frame = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = decode(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
        if (found?.data) onCode(found.data);
      }
      timer = setTimeout(readFrame, FRAME_MS);
    };
    readFrame();
  }

  void start().catch(() => !stopped && onState('unavailable'));
  return () => {
    stopped = true;
    clearTimeout(timer);
    release();
  };
}
