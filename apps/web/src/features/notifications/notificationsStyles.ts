// The Mantine sheets of the notification settings screen, after the shared ones (in dependency order).
import '../../ui/mantineStyles';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Accordion.css';
