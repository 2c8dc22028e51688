// The Mantine component styles these screens use, in dependency order (UnstyledButton before Button,
// Input before the inputs): every screen imports this one module so the bundled CSS keeps that order.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Progress.css';
// SegmentedControl draws its active segment with a FloatingIndicator (top/left come from its sheet).
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/VisuallyHidden.css';
