// The image gallery of spec §2: tiles, and the full-screen viewer (PhotoSwipe, loaded when first opened).
export { Gallery, type GalleryImage, type GalleryProps } from './Gallery';
export { openImageViewer, type ViewerImage } from './imageViewer';
export { fitInBox, renditionBox, renditionFor } from './imageSize';
