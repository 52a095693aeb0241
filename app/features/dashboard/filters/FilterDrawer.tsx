import { Button, Drawer } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "../../../i18n/react";
import { useSnapshot } from "valtio";
import { IconFilter } from "@tabler/icons-react";
import { FilterBar, type BarProps } from "./FilterBar";
import type { FiltersState } from "./store";

/**
 * The vertical filter bar on a phone (below Mantine's sm breakpoint, where the bar beside the charts is hidden
 * by CSS): a button above the charts, with the count of applied filters, opens the same bar in a drawer. The
 * drawer returns focus to the button when it closes (Mantine's returnFocus).
 */
export function FilterDrawer(props: BarProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const snap = useSnapshot(props.store.state) as FiltersState;
  const applied = Object.values(snap.applied).filter((v) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)).length;
  return (
    <>
      <Button hiddenFrom="sm" variant="default" size="xs" mb="sm" leftSection={<IconFilter size={14} aria-hidden />} onClick={open}
        aria-haspopup="dialog" data-testid="filter-drawer-open">
        {t("Filters")}{applied ? ` · ${applied}` : ""}
      </Button>
      <Drawer opened={opened} onClose={close} title={t("Filters")} size="85%" data-testid="filter-drawer">
        <FilterBar {...props} inDrawer />
      </Drawer>
    </>
  );
}
