import { BarChart } from '@mantine/charts';
import { Alert, Badge, List, Table, Text } from '@mantine/core';
import { formatDay } from '@pawfresh/contracts/calendar-dates';
import type { StockMonitor } from '@pawfresh/contracts/staff-forecast';

import { Empty } from '../../components/states';
import { ChartFigure } from './chart-figure';

/** Colours for the meals' series, each at least 3:1 against white. */
const SERIES_COLOURS = [
  'teal.8',
  'indigo.6',
  'orange.8',
  'grape.7',
  'blue.8',
  'red.8',
  'lime.9',
  'cyan.9',
  'pink.7',
  'violet.7',
  'yellow.9',
  'gray.7',
];

type Row = StockMonitor['products'][number];
const label = (p: Row) => (p.sku ? `${p.name} (${p.sku})` : p.name);

/**
 * A kitchen's stock monitor: the pouches of each meal (per pouch size) per make date as a chart,
 * and every product's units per day in a table where the days it runs short are marked in red
 * with the word "short" (colour is never the only sign).
 */
export function StockMonitorView({ stock }: { stock: StockMonitor }) {
  const meals = stock.products.filter((p) => p.kind === 'meal');
  const short = stock.products.filter((p) => p.shortDays.length > 0);
  if (stock.products.length === 0) {
    return (
      <Empty>
        Nothing to make at the {stock.name} from {formatDay(stock.fromDate)} to{' '}
        {formatDay(stock.toDate)}.
      </Empty>
    );
  }
  const data = stock.makeDates.map((makeDate, i) => ({
    day: formatDay(makeDate),
    ...Object.fromEntries(meals.map((p) => [label(p), p.days[i]?.quantity ?? 0])),
  }));
  return (
    <>
      {short.length > 0 ? (
        <Alert color="red" variant="light" title="Runs short" role="note">
          <List size="sm">
            {short.map((p) => (
              <List.Item key={`${p.productId}/${p.productVariantId}`}>
                {label(p)}: {p.shortDays.map((d) => formatDay(d)).join(', ')} (
                {p.status
                  ? `the catalogue has it ${p.status.replaceAll('_', ' ')}`
                  : 'no longer in the catalogue'}
                )
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm" c="gray.7">
          No product runs short in these two weeks.
        </Text>
      )}
      {meals.length > 0 ? (
        <ChartFigure
          caption={`Pouches per meal and pouch size per make date at the ${stock.name}, ${formatDay(stock.fromDate)} to ${formatDay(stock.toDate)}.`}
          chart={
            <BarChart
              h={320}
              data={data}
              dataKey="day"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              series={meals.map((p, i) => ({
                name: label(p),
                color: SERIES_COLOURS[i % SERIES_COLOURS.length]!,
              }))}
              yAxisLabel="Pouches"
              tickLine="y"
              yAxisProps={{ allowDecimals: false }}
            />
          }
          table={
            <StockTable stock={stock} products={meals} caption="Pouches per meal per make date" />
          }
        />
      ) : null}
      <StockTable
        stock={stock}
        products={stock.products}
        caption="Every product per make date (pouches of a meal, units of an extra)"
      />
    </>
  );
}

function StockTable({
  stock,
  products,
  caption,
}: {
  stock: StockMonitor;
  products: readonly Row[];
  caption: string;
}) {
  return (
    // Native scrolling, focusable: on a phone the table scrolls sideways with the keyboard too.
    <Table.ScrollContainer
      minWidth={1100}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${caption} (scrolls sideways)`}
    >
      <Table withTableBorder withColumnBorders fz="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" miw={200}>
              Product
            </Table.Th>
            {stock.makeDates.map((d) => (
              <Table.Th key={d} scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatDay(d)}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={`${p.productId}/${p.productVariantId}`}>
              <Table.Th scope="row" fw={400}>
                {label(p)}
                {p.available ? null : (
                  <Badge ml="xs" color="red.9" variant="outline" size="sm">
                    {p.status ? p.status.replaceAll('_', ' ') : 'not in the catalogue'}
                  </Badge>
                )}
              </Table.Th>
              {p.days.map((d) => (
                <Table.Td
                  key={d.makeDate}
                  ta="right"
                  bg={d.short ? 'red.0' : undefined}
                  c={d.short ? 'red.9' : undefined}
                  fw={d.short ? 700 : undefined}
                >
                  {d.short ? (
                    <>
                      <span aria-hidden>⚠ </span>
                      {d.quantity} short
                    </>
                  ) : (
                    d.quantity
                  )}
                </Table.Td>
              ))}
              <Table.Td ta="right">{p.total}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
