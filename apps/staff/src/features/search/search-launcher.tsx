import { Button, Kbd, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys, useOs } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffSearchResult } from '@pawfresh/contracts/staff';

import { Empty, LoadError, Loading } from '../../components/states';
import { resultKey, resultPath, SearchResultRow } from './search-results';
import { useSearch } from './search-query';

/**
 * The search in the header: a visible box that opens the search dialog, as ⌘K (Ctrl+K elsewhere)
 * does from anywhere, answering as the person types.
 */
export function SearchLauncher() {
  const [opened, dialog] = useDisclosure();
  const os = useOs();
  const shortcut = os === 'macos' || os === 'ios' ? '⌘ K' : 'Ctrl K';
  useHotkeys([['mod+K', () => dialog.open()]], []);
  return (
    <>
      <Button
        variant="default"
        onClick={dialog.open}
        w={360}
        // On a phone a narrower box leaves the signed-in name room in the header.
        maw={{ base: '30vw', sm: '45vw' }}
        justify="space-between"
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            {shortcut}
          </Kbd>
        }
        aria-keyshortcuts="Control+K Meta+K"
      >
        <Text size="sm" c="gray.7" component="span">
          Search
          <Text span inherit visibleFrom="sm">
            {' '}
            customers and orders
          </Text>
        </Text>
      </Button>
      <Modal opened={opened} onClose={dialog.close} title="Search" size="lg">
        {opened ? <SearchDialog onDone={dialog.close} /> : null}
      </Modal>
    </>
  );
}

function SearchDialog({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 200);
  const search = useSearch(debounced);
  const navigate = useNavigate();
  const open = (r: StaffSearchResult) => {
    onDone();
    void navigate(resultPath(r));
  };
  const results = search.data?.data ?? [];
  return (
    <Stack>
      <TextInput
        label="Order number, e-mail, name, phone, customer id, invoice, serial or tracking number"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && results[0] && debounced === text) open(results[0]);
        }}
        data-autofocus
      />
      {debounced.trim() === '' ? null : search.isError ? (
        <LoadError error={search.error} onRetry={() => void search.refetch()} />
      ) : search.isPending ? (
        <Loading label="Searching…" />
      ) : results.length === 0 ? (
        <Empty>Nothing matches “{debounced.trim()}”.</Empty>
      ) : (
        <Stack gap={0} role="list" aria-label="Results">
          {results.map((r) => (
            <div role="listitem" key={resultKey(r)}>
              <SearchResultRow result={r} onOpen={open} />
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
