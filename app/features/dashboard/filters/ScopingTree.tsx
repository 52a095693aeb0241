import { useEffect, useMemo, useRef } from "react";
import { Checkbox, Group, Text, Tree, getTreeExpandedState, useTree, type RenderTreeNodePayload } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import type { Layout } from "../../../../core/dashboards/layout";
import { checkedFromScope, scopeFromChecked, scopeTree } from "../../../../core/dashboards/filters/scope-tree";
import type { FilterScope } from "../../../../core/dashboards/filters/types";

// Superset's scoping tree in the filter configuration: "All panels", the dashboard's tabs and their charts, each
// with a checkbox (a tab checks or unchecks everything under it). The checked charts become the filter's scope
// (core/dashboards/filters/scope-tree.ts).

function ScopeNode({ node, expanded, hasChildren, elementProps, tree }: RenderTreeNodePayload) {
  const checked = tree.isNodeChecked(node.value);
  const indeterminate = tree.isNodeIndeterminate(node.value);
  const toggle = () => (checked ? tree.uncheckNode(node.value) : tree.checkNode(node.value));
  return (
    <Group gap="xs" wrap="nowrap" {...elementProps} data-testid="scope-node" data-value={node.value}>
      <Checkbox.Indicator checked={checked} indeterminate={indeterminate} size="xs" role="checkbox" aria-checked={indeterminate ? "mixed" : checked}
        aria-label={`Scope: ${String(node.label)}`} tabIndex={0} data-testid="scope-checkbox"
        onClick={toggle} onKeyDown={(e) => (e.key === " " || e.key === "Enter") && (e.preventDefault(), toggle())} />
      <Group gap={4} wrap="nowrap" onClick={() => hasChildren && tree.toggleExpanded(node.value)} style={{ cursor: hasChildren ? "pointer" : undefined }}>
        <Text size="sm">{node.label}</Text>
        {hasChildren && (expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />)}
      </Group>
    </Group>
  );
}

export function ScopingTree({ layout, chartName, scope, onChange }: {
  layout: Layout;
  chartName: (chartId: number) => string;
  scope: FilterScope;
  onChange: (scope: FilterScope) => void;
}) {
  const data = useMemo(() => scopeTree(layout, chartName), [layout, chartName]);
  const tree = useTree({ initialExpandedState: getTreeExpandedState(data, "*"), initialCheckedState: checkedFromScope(layout, scope) });
  // the scope follows the boxes a user ticks; the first state is the scope itself, so nothing is reported for it
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChange(scopeFromChecked(layout, tree.checkedState));
  }, [tree.checkedState]); // eslint-disable-line react-hooks/exhaustive-deps
  if (data.length === 0) return <Text size="sm" c="dimmed">There are no charts on this dashboard.</Text>;
  return <Tree data={data} tree={tree} levelOffset={23} expandOnClick={false} renderNode={ScopeNode} data-testid="scoping-tree" />;
}
