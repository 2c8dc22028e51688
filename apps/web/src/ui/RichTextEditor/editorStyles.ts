// The Mantine sheets the editor draws with, after the shared ones (inputs before the editor's own).
import '../mantineStyles';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
