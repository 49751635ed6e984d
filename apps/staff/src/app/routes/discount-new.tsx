import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';

import { DiscountBuilder } from '../../features/discounts/builder';
import { useMe } from '../../lib/me';
import { paths } from '../../config/paths';

/** The discount builder (discounts:write). */
export function NewDiscountPage() {
  const { can } = useMe();
  const navigate = useNavigate();
  return (
    <Stack maw={1000}>
      <Anchor component={Link} to={paths.discounts} size="sm">
        ← Discounts
      </Anchor>
      <Title order={1}>Build a discount</Title>
      {can('discounts:write') ? (
        <>
          <Text c="gray.7">
            Each schedule discounts the box at its order position (0 is the first box); a recurring
            one every box after it too. Preview the price of a sample box before saving: it is the
            pricing service&rsquo;s own calculation, and nothing is saved until you do.
          </Text>
          <DiscountBuilder onSaved={(id) => navigate(paths.discount(id))} />
        </>
      ) : (
        <Text>Your role may read discounts but not build them: ask marketing or an admin.</Text>
      )}
    </Stack>
  );
}
