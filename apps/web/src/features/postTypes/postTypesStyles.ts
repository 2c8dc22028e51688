// The Mantine sheets of the post types screens, after the shared ones (in dependency order).
import '../../ui/mantineStyles';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/SimpleGrid.css';
