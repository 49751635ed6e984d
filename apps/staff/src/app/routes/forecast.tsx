import '@mantine/charts/styles.css';
import { Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { packingFacilities } from '@pawfresh/contracts/staff-packing';

import { LoadError, Loading } from '../../components/states';
import { BoxesChart } from '../../features/forecast/boxes-chart';
import { boxForecastQuery, stockMonitorQuery } from '../../features/forecast/queries';
import { RebalancePanel } from '../../features/forecast/rebalance';
import { StockMonitorView } from '../../features/forecast/stock-monitor';
import { useMe } from '../../lib/me';
import { useUrlFilter } from '../../lib/url-filter';

const dateOf = (text: string | null) =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
const numberOf = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);

/**
 * Forecast and stock (operations, admin): each kitchen's boxes per day, the rebalance of a day
 * (with forecast:rebalance), and a kitchen's pouches per meal with the days a product runs short.
 * The first day and the stock monitor's kitchen are held in the URL. Its own chunk: the charts
 * library is loaded only here.
 */
export function ForecastPage() {
  const { can } = useMe();
  const [params, setFilter] = useUrlFilter<'fromDate' | 'facilityId'>('page');
  const fromDate = dateOf(params.get('fromDate'));
  const facilityId = numberOf(params.get('facilityId'));
  const forecast = useQuery({ ...boxForecastQuery(fromDate), enabled: can('forecast:read') });
  const stock = useQuery({
    ...stockMonitorQuery(facilityId, fromDate),
    enabled: can('stock:read'),
  });

  return (
    <Stack maw={1200}>
      <Title order={1}>Forecast and stock</Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="From"
          description="Two weeks of make dates from this day"
          type="date"
          value={fromDate ?? forecast.data?.fromDate ?? ''}
          onChange={(e) => setFilter('fromDate', dateOf(e.currentTarget.value) ?? '')}
        />
      </Group>
      {can('forecast:read') ? (
        <Paper withBorder p="md" component="section" aria-labelledby="boxes-title">
          <Stack>
            <Title order={2} size="h3" id="boxes-title">
              Boxes per kitchen per day
            </Title>
            {forecast.isPending ? (
              <Loading label="Loading the forecast…" />
            ) : forecast.isError ? (
              <LoadError
                title="The forecast could not be loaded"
                error={forecast.error}
                onRetry={() => void forecast.refetch()}
              />
            ) : (
              <BoxesChart forecast={forecast.data} />
            )}
          </Stack>
        </Paper>
      ) : null}
      {can('forecast:rebalance') && forecast.data ? (
        // Another range is another choice of days: the panel starts again from its busiest.
        <RebalancePanel key={forecast.data.fromDate} forecast={forecast.data} />
      ) : null}
      {can('stock:read') ? (
        <Paper withBorder p="md" component="section" aria-labelledby="stock-title">
          <Stack>
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Title order={2} size="h3" id="stock-title">
                Stock monitor
              </Title>
              <NativeSelect
                label="Kitchen"
                data={packingFacilities.map((f) => ({
                  value: String(f.facilityId),
                  label: f.name,
                }))}
                value={String(
                  stock.data?.facilityId ?? facilityId ?? packingFacilities[0].facilityId,
                )}
                onChange={(e) => setFilter('facilityId', e.currentTarget.value)}
              />
            </Group>
            <Text size="sm" c="gray.7">
              What the kitchen makes per day: pouches of each meal per pouch size, units of each
              extra. A product runs short on a day it is needed while the catalogue does not have it
              (out of stock, discontinued or archived): nothing records stock on hand yet.
            </Text>
            {stock.isPending ? (
              <Loading label="Loading the stock monitor…" />
            ) : stock.isError ? (
              <LoadError
                title="The stock monitor could not be loaded"
                error={stock.error}
                onRetry={() => void stock.refetch()}
              />
            ) : (
              <StockMonitorView stock={stock.data} />
            )}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
