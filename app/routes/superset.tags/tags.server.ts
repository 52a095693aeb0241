import type { Database } from "../../../db/client";
import type { ListArgs } from "../../../core/http/list-query";
import { listTags } from "../../../db/tags/list";

// The Tags page's server half: the page of tags its loader shows (the list API's own query).

export const customTagsPage = (db: Database, args: ListArgs) => listTags(db, args);
