import { expect, test } from "vitest";
import { defaultLayout } from "../layout";
import { dropComponent } from "./ops";
import { GRID_ID } from "./components";
import { lastModifiedOf, overwriteItems, positionJson, savePayload } from "./save";

test("the save payload carries the title, position_json with parents and the version key, and last_modified_time", () => {
  const layout = dropComponent(defaultLayout([]), { kind: "new", type: "DIVIDER" }, { parentId: GRID_ID, index: 0 }).layout;
  const body = savePayload({ title: "Sales", layout }, 1700000000);
  expect(body.dashboard_title).toBe("Sales");
  expect(body.last_modified_time).toBe(1700000000);
  const saved = JSON.parse(body.position_json) as Record<string, { parents?: string[] }>;
  expect(saved.DASHBOARD_VERSION_KEY).toBe("v2");
  expect(saved[layout[GRID_ID].children[0]].parents).toEqual(["ROOT_ID", GRID_ID]);
});

test("the overwrite check lists the title and each changed, new or gone component, never parents alone", () => {
  const base = dropComponent(defaultLayout([]), { kind: "new", type: "HEADER" }, { parentId: GRID_ID, index: 0 }).layout;
  const header = base[GRID_ID].children[0];
  const server = { dashboard_title: "Theirs", position_json: positionJson(base) };
  expect(overwriteItems(server, { title: "Theirs", layout: base })).toEqual([]);
  const mine = dropComponent(base, { kind: "new", type: "DIVIDER" }, { parentId: GRID_ID, index: 1 }).layout;
  mine[header] = { ...mine[header], meta: { ...mine[header].meta, text: "Mine" } };
  const items = overwriteItems(server, { title: "Ours", layout: mine });
  const divider = mine[GRID_ID].children[1];
  expect(items.map((i) => i.keyPath).sort()).toEqual(["dashboard_title", `position_json.${GRID_ID}`, `position_json.${divider}`, `position_json.${header}`].sort());
  expect(items.find((i) => i.keyPath === "dashboard_title")).toMatchObject({ oldValue: "Theirs", newValue: "Ours" });
  expect(items.find((i) => i.keyPath === `position_json.${divider}`)?.oldValue).toBe("");
  expect(items.find((i) => i.keyPath === `position_json.${header}`)?.newValue).toContain('"text": "Mine"');
});

test("last_modified_time is whole seconds of changed_on", () => {
  expect(lastModifiedOf("2026-01-01T00:00:01.900Z")).toBe(Date.UTC(2026, 0, 1, 0, 0, 1) / 1000);
  expect(lastModifiedOf(null)).toBe(0);
});
