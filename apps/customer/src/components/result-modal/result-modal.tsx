import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ResultModalProps = {
  opened: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The dialog itself, loaded on first use so Mantine's modal machinery stays out of the initial
 * bundle. Mantine traps focus inside and closes on Escape.
 * Composed from parts so only the description, not the button, describes the dialog.
 */
export default function ResultModal({
  opened,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: ResultModalProps) {
  return (
    // Focus return is done by the provider, which is mounted before this lazy modal opens.
    <Modal.Root opened={opened} onClose={onClose} returnFocus={false} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A <header> here would read as a second banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        {description ? (
          <Modal.Body>
            <Text>{description}</Text>
          </Modal.Body>
        ) : null}
        <Group justify="flex-end" px="md" pb="md">
          <Button onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Modal.Content>
    </Modal.Root>
  );
}
