// The Mantine sheets of the families' catalogue, after the shared ones (in dependency order).
import '../../ui/mantineStyles';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
