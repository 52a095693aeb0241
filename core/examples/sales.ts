import { seededRandom } from "./prng";
import type { CellValue, ExampleDataset, ExampleTable } from "./types";

// Orders of a scale-model distributor, one row per order line, in the shape of Superset's
// `cleaned_sales_data`: seasonal order volume (a Q4 peak), a product catalogue with list prices,
// negotiated unit prices around them, deal sizes from the line total and mostly shipped orders.

const PRODUCT_LINES: [line: string, codePrefix: string, msrpRange: [number, number], weight: number][] = [
  ["Classic Cars", "S10", [60, 215], 34],
  ["Vintage Cars", "S18", [35, 170], 21],
  ["Motorcycles", "S12", [40, 195], 12],
  ["Trucks and Buses", "S24", [55, 135], 11],
  ["Planes", "S700", [50, 120], 11],
  ["Ships", "S72", [40, 125], 8],
  ["Trains", "S32", [35, 100], 3],
];

// Customers: invented firms in the countries where the distributor sells.
const CUSTOMER_PLACES: [country: string, territory: string, cities: [city: string, state: string | null, postal: string][]][] = [
  ["USA", "NA", [["San Francisco", "CA", "94217"], ["New York", "NY", "10022"], ["Boston", "MA", "51247"], ["Philadelphia", "PA", "71270"], ["Las Vegas", "NV", "83030"], ["Glendale", "CT", "97561"], ["San Rafael", "CA", "97562"], ["Cambridge", "MA", "51247"]]],
  ["France", "EMEA", [["Paris", null, "75016"], ["Lyon", null, "69004"], ["Nantes", null, "44000"], ["Marseille", null, "13008"]]],
  ["Spain", "EMEA", [["Madrid", null, "28034"], ["Barcelona", null, "08022"]]],
  ["Australia", "APAC", [["Melbourne", "Victoria", "3004"], ["Sydney", "NSW", "2067"]]],
  ["UK", "EMEA", [["London", null, "WX1 6LT"], ["Manchester", null, "EC2 5NT"]]],
  ["Italy", "EMEA", [["Torino", null, "10100"], ["Milan", null, "20100"]]],
  ["Germany", "EMEA", [["Frankfurt", null, "60528"], ["Munich", null, "80686"]]],
  ["Japan", "Japan", [["Tokyo", "Tokyo", "106-0032"], ["Osaka", "Osaka", "530-0003"]]],
  ["Canada", "NA", [["Vancouver", "BC", "V3F 2K1"], ["Montreal", "Quebec", "H1J 1C3"]]],
  ["Finland", "EMEA", [["Helsinki", null, "00300"], ["Oulu", null, "90110"]]],
  ["Norway", "EMEA", [["Oslo", null, "N 0106"]]],
  ["Singapore", "APAC", [["Singapore", null, "079903"]]],
];
const FIRM_FIRST = ["Atlas", "Harbor", "Summit", "Pioneer", "Crescent", "Northwind", "Redwood", "Silverline", "Bluebird", "Granite", "Maple", "Orion", "Falcon", "Lighthouse", "Copper", "Evergreen"];
const FIRM_SECOND = ["Collectables", "Replicas", "Models", "Gifts", "Toys", "Miniatures", "Hobbies", "Classics", "Imports", "Trading Co."];
const FIRST_NAMES = ["Anna", "Peter", "Julie", "Carine", "Jean", "Diego", "Elizabeth", "Martin", "Yoshi", "Georg", "Roland", "Dean", "Wendy", "Paolo", "Veysel", "Kalle"];
const LAST_NAMES = ["Young", "Frick", "Brown", "Schmitt", "King", "Ferguson", "Lincoln", "Murphy", "Tamuri", "Pipps", "Keitel", "Cassidy", "Victorino", "Accorti", "Oeztan", "Suominen"];
const STATUS_DONE: [string, number][] = [["Shipped", 92], ["Cancelled", 2.5], ["Resolved", 1.6], ["Disputed", 0.6], ["On Hold", 1.5]];

export const SALES_PERIOD = { first: "2003-01-01", last: "2005-05-31" } as const;

export const salesTable: ExampleTable = {
  tableName: "cleaned_sales_data",
  description: "Order lines of a scale-model distributor, 2003 to mid-2005 (generated example data).",
  mainDttmCol: "order_date",
  columns: [
    { name: "order_number", sqlType: "INTEGER", generic: "numeric" },
    { name: "quantity_ordered", sqlType: "INTEGER", generic: "numeric" },
    { name: "price_each", sqlType: "REAL", generic: "numeric", verboseName: "Price each" },
    { name: "order_line_number", sqlType: "INTEGER", generic: "numeric" },
    { name: "sales", sqlType: "REAL", generic: "numeric", verboseName: "Sales" },
    { name: "order_date", sqlType: "DATETIME", generic: "temporal", isDttm: true, verboseName: "Order date" },
    { name: "status", sqlType: "TEXT", generic: "string" },
    { name: "quarter", sqlType: "INTEGER", generic: "numeric" },
    { name: "month", sqlType: "INTEGER", generic: "numeric" },
    { name: "year", sqlType: "INTEGER", generic: "numeric" },
    { name: "product_line", sqlType: "TEXT", generic: "string", verboseName: "Product line" },
    { name: "msrp", sqlType: "INTEGER", generic: "numeric", verboseName: "MSRP" },
    { name: "product_code", sqlType: "TEXT", generic: "string" },
    { name: "customer_name", sqlType: "TEXT", generic: "string", verboseName: "Customer" },
    { name: "phone", sqlType: "TEXT", generic: "string" },
    { name: "city", sqlType: "TEXT", generic: "string" },
    { name: "state", sqlType: "TEXT", generic: "string" },
    { name: "postal_code", sqlType: "TEXT", generic: "string" },
    { name: "country", sqlType: "TEXT", generic: "string" },
    { name: "territory", sqlType: "TEXT", generic: "string" },
    { name: "contact_last_name", sqlType: "TEXT", generic: "string" },
    { name: "contact_first_name", sqlType: "TEXT", generic: "string" },
    { name: "deal_size", sqlType: "TEXT", generic: "string", verboseName: "Deal size" },
  ],
  metrics: [
    { name: "count", expression: "COUNT(*)", verboseName: "COUNT(*)", metricType: "count", d3format: ",d" },
    { name: "sum__sales", expression: "SUM(sales)", verboseName: "Total sales", metricType: "sum", d3format: "$,.2f" },
    { name: "avg__price_each", expression: "AVG(price_each)", verboseName: "Average price", metricType: "avg", d3format: "$,.2f" },
    { name: "count_distinct__order_number", expression: "COUNT(DISTINCT order_number)", verboseName: "Orders", metricType: "count_distinct", d3format: ",d" },
  ],
};

interface Product { code: string; line: string; msrp: number }
interface Customer { name: string; phone: string; city: string; state: string | null; postal: string; country: string; territory: string; last: string; first: string }

function catalogue(r: ReturnType<typeof seededRandom>): Product[] {
  const products: Product[] = [];
  for (const [line, prefix, [lo, hi], weight] of PRODUCT_LINES) {
    const count = Math.max(4, Math.round(weight * 0.9));
    for (let i = 0; i < count; i++) products.push({ code: `${prefix}_${1000 + r.int(0, 8999)}`, line, msrp: r.int(lo, hi) });
  }
  return products;
}

function customers(r: ReturnType<typeof seededRandom>): Customer[] {
  const list: Customer[] = [];
  const used = new Set<string>();
  while (list.length < 92) {
    const name = `${r.pick(FIRM_FIRST)} ${r.pick(FIRM_SECOND)}`;
    if (used.has(name)) continue;
    used.add(name);
    const [country, territory, cities] = r.weighted(CUSTOMER_PLACES.map((p) => [p, p[0] === "USA" ? 9 : p[0] === "France" || p[0] === "Spain" ? 3 : 1] as const));
    const [city, state, postal] = r.pick(cities);
    const phone = `${r.int(100, 999)}.${r.int(100, 999)}.${r.int(1000, 9999)}`;
    list.push({ name, phone, city, state, postal, country, territory, last: r.pick(LAST_NAMES), first: r.pick(FIRST_NAMES) });
  }
  return list;
}

const pad = (n: number) => String(n).padStart(2, "0");

function* salesRows(): Generator<CellValue[]> {
  const r = seededRandom(2003);
  const products = catalogue(r);
  const clients = customers(r);
  const start = Date.parse(`${SALES_PERIOD.first}T00:00:00Z`);
  const end = Date.parse(`${SALES_PERIOD.last}T00:00:00Z`);
  let orderNumber = 10100;
  for (let day = start; day <= end; day += 86_400_000) {
    const date = new Date(day);
    const month = date.getUTCMonth() + 1;
    // seasonal: October and November are the busy months of a gift business
    const expected = month === 11 ? 1.05 : month === 10 ? 0.6 : 0.18;
    let orders = 0;
    while (r.next() < expected / (orders + 1)) orders++;
    for (let o = 0; o < orders; o++) {
      const customer = r.pick(clients);
      const recent = end - day < 45 * 86_400_000;
      const status = recent ? r.weighted([["In Process", 5], ["Shipped", 3], ["On Hold", 1]] as const) : r.weighted(STATUS_DONE);
      const lines = r.int(1, 17);
      const orderDate = `${date.getUTCFullYear()}-${pad(month)}-${pad(date.getUTCDate())} 00:00:00`;
      for (let line = 1; line <= lines; line++) {
        const product = r.pick(products);
        const quantity = r.int(20, 50) + (r.chance(0.03) ? r.int(10, 47) : 0);
        const priceEach = Math.round(product.msrp * (0.8 + r.next() * 0.35) * 100) / 100;
        const sales = Math.round(quantity * priceEach * 100) / 100;
        const dealSize = sales < 3000 ? "Small" : sales < 7000 ? "Medium" : "Large";
        yield [
          orderNumber, quantity, priceEach, line, sales, orderDate, status, Math.ceil(month / 3), month, date.getUTCFullYear(),
          product.line, product.msrp, product.code, customer.name, customer.phone, customer.city, customer.state,
          customer.postal, customer.country, customer.territory, customer.last, customer.first, dealSize,
        ];
      }
      orderNumber++;
    }
  }
}

export const sales: ExampleDataset = { table: salesTable, rows: salesRows };
