import { hashSeed, seededRandom } from "./prng";
import type { CellValue, ExampleDataset, ExampleTable } from "./types";

// Births by name, gender and state, one row per (year, state, name), in the shape of Superset's
// `birth_names`. Each name follows its own popularity curve: a bell around the year it peaked,
// a long tail on both sides, state-to-state taste and a little yearly noise.

export const BIRTH_YEARS = { first: 1965, last: 2008 } as const;
export const BIRTH_STATES = ["CA", "FL", "IL", "MI", "NJ", "NY", "OH", "PA", "TX", "other"] as const;

/** births per gender per year, in thousands (an invented but plausible scale; "other" is the rest of the country) */
const STATE_BIRTHS: Record<(typeof BIRTH_STATES)[number], number> = {
  CA: 240, FL: 95, IL: 85, MI: 70, NJ: 55, NY: 130, OH: 75, PA: 80, TX: 170, other: 900,
};

// "Name:peak year", most popular first. The rank sets the height of the curve.
const BOYS = `Michael:1970 David:1960 James:1952 John:1950 Robert:1950 Christopher:1982 William:1952 Matthew:1986
Joseph:1985 Daniel:1985 Richard:1950 Joshua:1990 Thomas:1956 Anthony:1990 Andrew:1990 Brian:1972 Jason:1975 Kevin:1970
Mark:1962 Steven:1960 Ryan:1988 Jacob:2002 Nicholas:1995 Eric:1976 Jeffrey:1968 Timothy:1965 Justin:1988 Tyler:1995
Brandon:1992 Scott:1968 Jonathan:1990 Kenneth:1952 Paul:1950 Gregory:1960 Aaron:1985 Adam:1985 Kyle:1990 Zachary:1995
Austin:1996 Ethan:2005 Charles:1940 Jeremy:1978 Benjamin:2010 Alexander:2008 Samuel:2005 Patrick:1965 Sean:1978
Noah:2010 Dylan:1998 Nathan:2003 Jose:1990 Christian:2000 Jordan:1995 Gary:1952 Donald:1938 Stephen:1955 Travis:1980
Cody:1993 Logan:2006 Jesse:1980 Juan:1995 Luis:1992 Carlos:1990 Aiden:2009 Caleb:2005 Hunter:2000 Connor:2001
Dennis:1950 Larry:1950 Ronald:1945 Keith:1965 Todd:1968 Chad:1975 Shawn:1975 Bradley:1980 Jared:1985 Dustin:1982
Derek:1980 Corey:1982 Marcus:1988 Cameron:1998 Evan:2000 Ian:1990 Trevor:1992 Gabriel:2008 Elijah:2012 Jayden:2009
Mason:2011 Lucas:2014 Isaac:2012 Luke:2008 Jack:2008 Angel:2005 Diego:2005 Miguel:1998 Alejandro:2002 Antonio:1990
Jesus:1995 Cole:2000 Blake:1998 Chase:2000 Gavin:2008 Owen:2014 Wyatt:2015 Carter:2014 Liam:2016 Craig:1968
Derrick:1980 Randy:1958 Terry:1955 Rodney:1965 Troy:1970 Ricky:1960 Darren:1970 Billy:1950 Johnny:1950 Peter:1955
Raymond:1935 Edward:1932 George:1930 Frank:1930 Bruce:1950 Wayne:1948 Roger:1945 Jerry:1945`;

const GIRLS = `Jennifer:1975 Jessica:1987 Ashley:1988 Sarah:1985 Emily:1998 Amanda:1985 Elizabeth:1985 Michelle:1970
Melissa:1978 Stephanie:1985 Nicole:1982 Lisa:1965 Kimberly:1970 Amy:1975 Heather:1978 Angela:1970 Samantha:1990
Mary:1950 Rachel:1985 Lauren:1990 Megan:1990 Hannah:1998 Brittany:1990 Madison:2001 Rebecca:1980 Laura:1975 Karen:1960
Susan:1958 Emma:2010 Olivia:2012 Patricia:1950 Linda:1948 Donna:1960 Deborah:1955 Julie:1968 Christina:1980
Alexis:2000 Abigail:2005 Taylor:1995 Danielle:1985 Kelly:1972 Erin:1985 Andrea:1978 Sara:1982 Katherine:1990
Kayla:1992 Victoria:1998 Brianna:1998 Alyssa:1995 Isabella:2009 Sophia:2012 Ava:2010 Tiffany:1988 Crystal:1982
Amber:1985 Courtney:1988 Chelsea:1990 Jasmine:1992 Natalie:2005 Grace:2005 Chloe:2010 Morgan:1995 Haley:1995
Kaitlyn:1995 Sydney:1998 Destiny:2000 Anna:2000 Julia:2000 Maria:1990 Allison:1995 Alexandra:1995 Vanessa:1990
Lindsey:1985 Kristen:1982 Monica:1978 Erica:1978 Tammy:1968 Tina:1965 Dawn:1970 Tracy:1970 Cynthia:1958 Sandra:1950
Pamela:1955 Cheryl:1955 Denise:1962 Teresa:1962 Kathleen:1950 Nancy:1950 Sharon:1945 Carol:1942 Barbara:1940
Betty:1930 Dorothy:1920 Margaret:1925 Shirley:1935 Judith:1945 Mia:2014 Ella:2012 Addison:2010 Lily:2010 Avery:2013
Zoe:2010 Harper:2016 Charlotte:2016 Evelyn:2018 Aria:2018 Brooklyn:2012 Savannah:2008 Gabriela:2000 Leah:2005
Jacqueline:1965 Diana:1965 Wendy:1970 Stacy:1972 April:1980 Holly:1978 Kristin:1980 Alicia:1980 Jenna:1990 Paige:1998`;

/** Names more common where Spanish is widely spoken: a state-taste factor makes their curves regional. */
const HISPANIC = new Set(["Jose", "Juan", "Luis", "Carlos", "Angel", "Diego", "Miguel", "Alejandro", "Antonio", "Jesus", "Maria", "Gabriela"]);
const HISPANIC_TASTE: Partial<Record<string, number>> = { CA: 2.6, TX: 2.8, FL: 1.7, NY: 1.3, IL: 1.3, NJ: 1.2 };

interface NameCurve {
  name: string;
  gender: "boy" | "girl";
  peakYear: number;
  /** share of the gender's births at the peak */
  peakShare: number;
  /** years from the peak to about 60 % of its height, after the peak; names rise faster than they fade */
  spread: number;
}

function curves(list: string, gender: "boy" | "girl"): NameCurve[] {
  return list
    .split(/\s+/)
    .filter(Boolean)
    .map((entry, rank) => {
      const [name, peak] = entry.split(":");
      const r = seededRandom(hashSeed(`${gender}:${name}`));
      return {
        name,
        gender,
        peakYear: Number(peak),
        peakShare: 0.034 / Math.pow(rank + 1, 0.72),
        spread: 6 + r.next() * 10,
      };
    });
}

export const NAME_CURVES: NameCurve[] = [...curves(BOYS, "boy"), ...curves(GIRLS, "girl")];

/** Relative popularity of a name in a year: a bell with a floor, so old names linger as they do in reality. */
export function popularity(curve: Pick<NameCurve, "peakYear" | "spread">, year: number): number {
  const rising = year < curve.peakYear;
  const z = (year - curve.peakYear) / (rising ? curve.spread * 0.7 : curve.spread);
  return Math.max(Math.exp(-0.5 * z * z), 0.02 + 0.03 / (1 + Math.abs(z)));
}

/** Rows below this count are left out, as the public data set leaves out rare names. */
const MIN_COUNT = 5;

export const birthNamesTable: ExampleTable = {
  tableName: "birth_names",
  description: "Births by first name, gender and US state, one row per year (generated example data).",
  mainDttmCol: "ds",
  columns: [
    { name: "ds", sqlType: "DATETIME", generic: "temporal", isDttm: true, verboseName: "Year" },
    { name: "gender", sqlType: "TEXT", generic: "string" },
    { name: "name", sqlType: "TEXT", generic: "string" },
    { name: "num", sqlType: "INTEGER", generic: "numeric", verboseName: "Births" },
    { name: "state", sqlType: "TEXT", generic: "string" },
    { name: "num_boys", sqlType: "INTEGER", generic: "numeric" },
    { name: "num_girls", sqlType: "INTEGER", generic: "numeric" },
  ],
  metrics: [
    { name: "count", expression: "COUNT(*)", verboseName: "COUNT(*)", metricType: "count", d3format: ",d" },
    { name: "sum__num", expression: "SUM(num)", verboseName: "Births", metricType: "sum", d3format: ",d" },
    { name: "sum__num_boys", expression: "SUM(num_boys)", verboseName: "Boys", metricType: "sum", d3format: ",d" },
    { name: "sum__num_girls", expression: "SUM(num_girls)", verboseName: "Girls", metricType: "sum", d3format: ",d" },
  ],
};

function* birthRows(): Generator<CellValue[]> {
  const noise = seededRandom(1965);
  for (let year = BIRTH_YEARS.first; year <= BIRTH_YEARS.last; year++) {
    const ds = `${year}-01-01 00:00:00`;
    // a gentle baby boom echo: births rise through the late 80s, then level off
    const yearFactor = 0.9 + 0.15 * Math.sin(((year - 1965) / 43) * Math.PI);
    for (const state of BIRTH_STATES) {
      const births = STATE_BIRTHS[state] * 1000 * yearFactor;
      for (const curve of NAME_CURVES) {
        const taste = HISPANIC.has(curve.name) ? (HISPANIC_TASTE[state] ?? 0.6) : 1;
        const jitter = Math.exp(noise.normal(0, 0.09));
        const num = Math.round(births * curve.peakShare * popularity(curve, year) * taste * jitter);
        if (num < MIN_COUNT) continue;
        const boy = curve.gender === "boy";
        yield [ds, curve.gender, curve.name, num, state, boy ? num : 0, boy ? 0 : num];
      }
    }
  }
}

export const birthNames: ExampleDataset = { table: birthNamesTable, rows: birthRows };
