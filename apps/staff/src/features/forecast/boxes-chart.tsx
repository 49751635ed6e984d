import { BarChart } from '@mantine/charts';
import { Table } from '@mantine/core';
import { formatDay } from '@pawfresh/contracts/calendar-dates';
import type { BoxForecast } from '@pawfresh/contracts/staff-forecast';

import { ChartFigure } from './chart-figure';

/** One colour per kitchen, each at least 3:1 against white (non-text contrast). */
const KITCHEN_COLOURS = ['teal.8', 'indigo.6', 'orange.8'];

/** Boxes per kitchen per make date: a bar per kitchen per day, and the table of the numbers. */
export function BoxesChart({ forecast }: { forecast: BoxForecast }) {
  const data = forecast.makeDates.map((makeDate, i) => ({
    day: formatDay(makeDate),
    ...Object.fromEntries(forecast.facilities.map((f) => [f.name, f.days[i]?.boxes ?? 0])),
  }));
  const total = forecast.facilities.reduce(
    (n, f) => n + f.days.reduce((m, d) => m + d.boxes, 0),
    0,
  );
  return (
    <ChartFigure
      caption={`Boxes to make per kitchen per day, ${formatDay(forecast.fromDate)} to ${formatDay(forecast.toDate)}: ${total} in all.`}
      chart={
        <BarChart
          h={280}
          data={data}
          dataKey="day"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={forecast.facilities.map((f, i) => ({
            name: f.name,
            color: KITCHEN_COLOURS[i % KITCHEN_COLOURS.length]!,
          }))}
          yAxisLabel="Boxes"
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
        />
      }
      table={
        <Table.ScrollContainer
          minWidth={480}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Boxes per kitchen per make date (scrolls sideways)"
        >
          <Table striped withTableBorder>
            <Table.Caption>Boxes per kitchen per make date</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Make date</Table.Th>
                {forecast.facilities.map((f) => (
                  <Table.Th key={f.facilityId} scope="col" ta="right">
                    {f.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forecast.makeDates.map((makeDate, i) => (
                <Table.Tr key={makeDate}>
                  <Table.Th scope="row" fw={400}>
                    {formatDay(makeDate)}
                  </Table.Th>
                  {forecast.facilities.map((f) => (
                    <Table.Td key={f.facilityId} ta="right">
                      {f.days[i]?.boxes ?? 0}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}
