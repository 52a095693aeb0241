import { Burger, Drawer, NavLink, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "@remix-run/react";
import { useTranslation } from "../i18n/react";
import type { MenuGroup } from "../../core/navigation";

/**
 * The top bar's menus on a phone (below Mantine's sm breakpoint): a burger that opens them in a drawer, as
 * Superset's own mobile menu does. Shown by CSS only (hiddenFrom), so the server's HTML is the same at any width.
 */
export function NavBurger({ menu }: { menu: MenuGroup[] }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("Menu")} aria-expanded={opened} data-testid="nav-burger" />
      <Drawer opened={opened} onClose={close} title={t("Menu")} size="xs" closeButtonProps={{ "aria-label": t("Close") }} data-testid="nav-drawer">
        <Stack gap={0}>
          {menu.map((group) =>
            group.items.length === 1 && group.label === group.items[0].label ? (
              <NavLink key={group.label} component={Link} to={group.items[0].href} label={t(group.label)} onClick={close} />
            ) : (
              <NavLink key={group.label} label={t(group.label)} defaultOpened>
                {group.items.map((item) => <NavLink key={item.href} component={Link} to={item.href} label={t(item.label)} onClick={close} />)}
              </NavLink>
            ),
          )}
        </Stack>
      </Drawer>
    </>
  );
}
