// The Mantine sheets of the attendance screens, after the shared ones (in dependency order).
import '../../ui/mantineStyles';
import '@mantine/core/styles/Tabs.css';
