import { useEffect, useState } from "react";
import { Box, Menu, Button, TextInput, Title } from "@mantine/core";
import { componentText, type LayoutComponent } from "../../../../core/dashboards/layout";
import { EditFrame } from "./EditFrame";
import { BackgroundMenu } from "./FrameMenus";
import { useEdit } from "./edit-context";

// A header component in edit mode: its text is edited in place (one undoable step on Enter or blur) and its size
// chosen as Superset offers (small, medium, large).

const SIZES = [
  { value: "SMALL_HEADER", label: "Small", order: 4 },
  { value: "MEDIUM_HEADER", label: "Medium", order: 3 },
  { value: "LARGE_HEADER", label: "Large", order: 2 },
] as const;

export function EditHeader({ component }: { component: LayoutComponent }) {
  const ctx = useEdit();
  const text = componentText(component);
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const size = SIZES.find((s) => s.value === component.meta.headerSize) ?? SIZES[1];
  return (
    <EditFrame component={component} label="header" tools={<BackgroundMenu component={component} />}>
      {() => (
        <Box style={{ display: "flex", alignItems: "center", gap: 8, padding: "8px 0 8px 72px",
          background: component.meta.background === "BACKGROUND_WHITE" ? "var(--mantine-color-body)" : undefined }}>
          <Title order={size.order} style={{ flex: 1 }}>
            <TextInput variant="unstyled" value={draft} aria-label="Header text" data-testid="header-text"
              styles={{ input: { fontSize: "inherit", fontWeight: "inherit", height: "auto" } }}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onBlur={() => ctx.setMeta(component.id, { text: draft })}
              onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()} />
          </Title>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="default" data-testid="header-size">{size.label}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {SIZES.map((s) => <Menu.Item key={s.value} onClick={() => ctx.setMeta(component.id, { headerSize: s.value })}>{s.label}</Menu.Item>)}
            </Menu.Dropdown>
          </Menu>
        </Box>
      )}
    </EditFrame>
  );
}
