import { useFocusReturn } from '@mantine/hooks';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

const ResultModal = lazy(() => import('./result-modal'));

/** Default texts of customer-app.md §8. */
export const SUCCESS_TITLE = 'Successfully updated';
export const FAILURE_TITLE = 'Sorry, something went wrong';
export const FAILURE_DESCRIPTION = 'Please try again';
/**
 * The confirm button only acknowledges and closes; "OK" says exactly that. A "Try again" label
 * would promise a retry the modal does not perform. Pass `confirmLabel` (and `onConfirm`) when a
 * caller really retries.
 */
export const CONFIRM_LABEL = 'OK';

export type ResultModalOptions = {
  title?: string;
  description?: ReactNode;
  confirmLabel?: string;
  /** Called when the confirm button is pressed (not when the modal is dismissed otherwise). */
  onConfirm?: () => void;
};

export type ResultModalApi = {
  /** Opens the success modal; resolves once it is closed. */
  showSuccess(options?: ResultModalOptions): Promise<void>;
  /** Opens the failure modal; resolves once it is closed. */
  showFailure(options?: ResultModalOptions): Promise<void>;
  close(): void;
};

type ModalContent = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: (() => void) | undefined;
};

const ResultModalContext = createContext<ResultModalApi | null>(null);

export function ResultModalProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Kept after closing so the modal does not go blank during its exit transition.
  const [content, setContent] = useState<ModalContent | null>(null);
  const resolveClosed = useRef<(() => void) | null>(null);
  // Returns focus to the element that opened the modal. Done here rather than by Mantine's Modal,
  // which only notices `opened` changing after it mounted, and the lazy modal mounts open.
  useFocusReturn({ opened });

  const close = useCallback(() => {
    setOpened(false);
    resolveClosed.current?.();
    resolveClosed.current = null;
  }, []);

  const api = useMemo<ResultModalApi>(() => {
    function show(
      defaults: { title: string; description?: ReactNode },
      options: ResultModalOptions,
    ) {
      resolveClosed.current?.();
      setContent({
        title: options.title ?? defaults.title,
        description: options.description ?? defaults.description,
        confirmLabel: options.confirmLabel ?? CONFIRM_LABEL,
        onConfirm: options.onConfirm,
      });
      setOpened(true);
      return new Promise<void>((resolve) => {
        resolveClosed.current = resolve;
      });
    }
    return {
      showSuccess: (options = {}) => show({ title: SUCCESS_TITLE }, options),
      showFailure: (options = {}) =>
        show({ title: FAILURE_TITLE, description: FAILURE_DESCRIPTION }, options),
      close,
    };
  }, [close]);

  function confirm() {
    content?.onConfirm?.();
    close();
  }

  return (
    <ResultModalContext value={api}>
      {children}
      {content ? (
        <Suspense fallback={null}>
          <ResultModal
            opened={opened}
            title={content.title}
            description={content.description}
            confirmLabel={content.confirmLabel}
            onConfirm={confirm}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </ResultModalContext>
  );
}

/** The app's default success and failure modals (customer-app.md §8). */
export function useResultModal(): ResultModalApi {
  const api = useContext(ResultModalContext);
  if (!api) throw new Error('useResultModal must be used inside ResultModalProvider');
  return api;
}
