import { useEffect, useState, type ReactNode } from "react";
import { ActionIcon, Box, Button, Group, Modal, Tabs, Text, TextInput } from "@mantine/core";
import { childrenOf, componentText, type LayoutComponent } from "../../../../core/dashboards/layout";
import { EditFrame } from "./EditFrame";
import { useEdit } from "./edit-context";

// A tabs container in edit mode: tab titles are edited in place, a tab is added with "+" and removed after
// Superset's confirmation (still undoable until the save); each tab's content takes drops like the grid.

function TabTitle({ tab }: { tab: LayoutComponent }) {
  const ctx = useEdit();
  const text = tab.meta.text ?? "";
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  return (
    <TextInput variant="unstyled" size="xs" value={draft} placeholder={componentText({ ...tab, meta: { ...tab.meta, text: "" } })}
      aria-label="Tab title" data-testid="tab-title-input" w={Math.max(80, draft.length * 8 + 16)}
      onClick={(e) => e.stopPropagation()} onKeyDown={(e) => { e.stopPropagation(); if (e.key === "Enter") e.currentTarget.blur(); }}
      onChange={(e) => setDraft(e.currentTarget.value)} onBlur={() => ctx.setMeta(tab.id, { text: draft })} />
  );
}

/** `content` draws a tab's children (passed in by EditNode, which draws the tree, so the two need no import cycle) */
export function EditTabs({ component, content }: { component: LayoutComponent; content: (tabId: string) => ReactNode }) {
  const ctx = useEdit();
  const tabs = childrenOf(ctx.layout, component.id).filter((t) => t.type === "TAB");
  const active = tabs.some((t) => t.id === ctx.activeTabs[component.id]) ? ctx.activeTabs[component.id] : (tabs[0]?.id ?? null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <EditFrame component={component} label="tabs">
      {() => (
        <Box pt="xs" data-testid="dashboard-tabs">
          <Tabs value={active} onChange={(v) => v && ctx.setActiveTab(component.id, v)} keepMounted={false}>
            <Tabs.List mb="xs" pl={40}>
              {tabs.map((t) => (
                <Tabs.Tab key={t.id} value={t.id} component="div" data-testid="dashboard-tab" data-tab-id={t.id}
                  rightSection={<ActionIcon size="xs" variant="subtle" color="gray" aria-label="Delete tab" data-testid="delete-tab"
                    onClick={(e) => { e.stopPropagation(); setDeleting(t.id); }}>✕</ActionIcon>}>
                  <TabTitle tab={t} />
                </Tabs.Tab>
              ))}
              <ActionIcon variant="subtle" aria-label="Add tab" data-testid="add-tab" mt={6} onClick={() => ctx.addTab(component.id)}>+</ActionIcon>
            </Tabs.List>
            {tabs.map((t) => (
              <Tabs.Panel key={t.id} value={t.id}>
                {content(t.id)}
              </Tabs.Panel>
            ))}
          </Tabs>
          <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete dashboard tab?">
            <Text size="sm">Deleting a tab will remove all content within it and will deactivate any related alerts or reports. You may still reverse this action with the undo button (cmd + z) until you save your changes.</Text>
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setDeleting(null)}>Cancel</Button>
              <Button color="red" data-testid="confirm-delete-tab" onClick={() => { if (deleting) ctx.remove(deleting); setDeleting(null); }}>DELETE</Button>
            </Group>
          </Modal>
        </Box>
      )}
    </EditFrame>
  );
}
