import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

// Loaded with the first notice (notices-host.tsx), styles included.
export { Notifications as default } from '@mantine/notifications';
