// The Mantine sheets of the administrators' screen, after the catalogue's (in dependency order).
import './activityStyles';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/dates/styles.css';
