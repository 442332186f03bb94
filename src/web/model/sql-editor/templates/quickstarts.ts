/**
 * Quickstarts (issue 4): small example schemas of a few related tables, with keys, indexes, row level
 * security and sample rows. Each goes into its own schema so it sits beside the project's own tables
 * without clashing; `drop schema <name> cascade` removes it again.
 */
import type { SqlTemplate } from './templates'

const sql = (text: string) => `${text.trim()}\n`

/** The made-up user who owns the sample rows (RLS shows them to that user only). */
const SAMPLE_USER = "'00000000-0000-0000-0000-000000000001'"

const grants = (schema: string) => `
grant usage on schema ${schema} to anon, authenticated;
grant select on all tables in schema ${schema} to anon;
grant select, insert, update, delete on all tables in schema ${schema} to authenticated;`

export const QUICKSTARTS: SqlTemplate[] = [
  {
    id: 'quickstart-todo',
    kind: 'quickstart',
    name: 'Todo list',
    description: 'Lists and their todos, each private to the user who made them.',
    sql: sql(`
create schema todo_app;

create table todo_app.lists (
  id bigint generated always as identity primary key,
  owner_id uuid not null default auth.uid(),
  name text not null check (char_length(name) between 1 and 100),
  created_at timestamptz not null default now()
);

create table todo_app.todos (
  id bigint generated always as identity primary key,
  list_id bigint not null references todo_app.lists (id) on delete cascade,
  owner_id uuid not null default auth.uid(),
  task text not null check (char_length(task) > 0),
  is_done boolean not null default false,
  due_on date,
  created_at timestamptz not null default now()
);

create index todos_list_id_idx on todo_app.todos (list_id);
create index todos_owner_id_idx on todo_app.todos (owner_id);

alter table todo_app.lists enable row level security;
alter table todo_app.todos enable row level security;

create policy "Owners manage their lists" on todo_app.lists
  for all to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);

create policy "Owners manage their todos" on todo_app.todos
  for all to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);
${grants('todo_app')}

with list as (
  insert into todo_app.lists (owner_id, name) values (${SAMPLE_USER}, 'Groceries')
  returning id, owner_id
)
insert into todo_app.todos (list_id, owner_id, task, is_done)
select list.id, list.owner_id, t.task, t.is_done
from list, (values ('Milk', false), ('Bread', true), ('Coffee beans', false)) as t (task, is_done);

select l.name as list, t.task, t.is_done
from todo_app.todos t join todo_app.lists l on l.id = t.list_id
order by t.id;
`),
  },
  {
    id: 'quickstart-blog',
    kind: 'quickstart',
    name: 'Blog',
    description: 'Authors, posts, tags and comments: published posts are public, authors edit their own.',
    sql: sql(`
create schema blog;

create table blog.authors (
  id bigint generated always as identity primary key,
  user_id uuid unique,
  name text not null,
  bio text not null default ''
);

create table blog.posts (
  id bigint generated always as identity primary key,
  author_id bigint not null references blog.authors (id) on delete cascade,
  title text not null,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  body text not null default '',
  published_at timestamptz,
  created_at timestamptz not null default now()
);

create table blog.tags (
  id bigint generated always as identity primary key,
  name text not null unique
);

create table blog.post_tags (
  post_id bigint not null references blog.posts (id) on delete cascade,
  tag_id bigint not null references blog.tags (id) on delete cascade,
  primary key (post_id, tag_id)
);

create table blog.comments (
  id bigint generated always as identity primary key,
  post_id bigint not null references blog.posts (id) on delete cascade,
  user_id uuid not null default auth.uid(),
  body text not null check (char_length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);

create index posts_author_id_idx on blog.posts (author_id);
create index posts_published_at_idx on blog.posts (published_at desc);
create index post_tags_tag_id_idx on blog.post_tags (tag_id);
create index comments_post_id_idx on blog.comments (post_id);

alter table blog.authors enable row level security;
alter table blog.posts enable row level security;
alter table blog.tags enable row level security;
alter table blog.post_tags enable row level security;
alter table blog.comments enable row level security;

create policy "Authors are public" on blog.authors for select to anon, authenticated using (true);
create policy "Authors edit their profile" on blog.authors for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

create policy "Published posts are public" on blog.posts for select to anon, authenticated
  using (published_at is not null and published_at <= now());
create policy "Authors manage their posts" on blog.posts for all to authenticated
  using (author_id in (select id from blog.authors where user_id = (select auth.uid())))
  with check (author_id in (select id from blog.authors where user_id = (select auth.uid())));

create policy "Tags are public" on blog.tags for select to anon, authenticated using (true);
create policy "Post tags are public" on blog.post_tags for select to anon, authenticated using (true);

create policy "Comments are public" on blog.comments for select to anon, authenticated using (true);
create policy "Signed-in users comment as themselves" on blog.comments for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "Users delete their comments" on blog.comments for delete to authenticated
  using ((select auth.uid()) = user_id);
${grants('blog')}

insert into blog.authors (user_id, name, bio) values (${SAMPLE_USER}, 'Ada', 'Writes about databases.');
insert into blog.tags (name) values ('postgres'), ('security');
insert into blog.posts (author_id, title, slug, body, published_at)
select id, 'Row level security in practice', 'row-level-security-in-practice', 'Policies are just SQL.', now()
from blog.authors where name = 'Ada';
insert into blog.post_tags (post_id, tag_id)
select p.id, t.id from blog.posts p cross join blog.tags t;

select p.title, a.name as author, string_agg(t.name, ', ' order by t.name) as tags
from blog.posts p
join blog.authors a on a.id = p.author_id
left join blog.post_tags pt on pt.post_id = p.id
left join blog.tags t on t.id = pt.tag_id
group by p.id, a.name;
`),
  },
  {
    id: 'quickstart-shop',
    kind: 'quickstart',
    name: 'Shop',
    description: 'Products, orders and order lines, with a view of order totals; customers see only their orders.',
    sql: sql(`
create schema shop;

create table shop.products (
  id bigint generated always as identity primary key,
  sku text not null unique,
  name text not null,
  price_cents integer not null check (price_cents >= 0),
  stock integer not null default 0 check (stock >= 0),
  created_at timestamptz not null default now()
);

create table shop.orders (
  id bigint generated always as identity primary key,
  customer_id uuid not null default auth.uid(),
  status text not null default 'pending' check (status in ('pending', 'paid', 'shipped', 'cancelled')),
  created_at timestamptz not null default now()
);

create table shop.order_items (
  order_id bigint not null references shop.orders (id) on delete cascade,
  product_id bigint not null references shop.products (id),
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  primary key (order_id, product_id)
);

create index orders_customer_id_idx on shop.orders (customer_id);
create index order_items_product_id_idx on shop.order_items (product_id);

-- security_invoker: the view shows each caller only the orders RLS lets them see
create view shop.order_totals with (security_invoker = true) as
select o.id as order_id, o.customer_id, o.status,
  sum(i.quantity * i.unit_price_cents) as total_cents, sum(i.quantity) as units
from shop.orders o
join shop.order_items i on i.order_id = o.id
group by o.id;

alter table shop.products enable row level security;
alter table shop.orders enable row level security;
alter table shop.order_items enable row level security;

create policy "Products are public" on shop.products for select to anon, authenticated using (true);

create policy "Customers see their orders" on shop.orders for select to authenticated
  using ((select auth.uid()) = customer_id);
create policy "Customers place their orders" on shop.orders for insert to authenticated
  with check ((select auth.uid()) = customer_id);

create policy "Customers see their order lines" on shop.order_items for select to authenticated
  using (exists (select 1 from shop.orders o where o.id = order_id and o.customer_id = (select auth.uid())));
create policy "Customers add lines to their orders" on shop.order_items for insert to authenticated
  with check (exists (select 1 from shop.orders o where o.id = order_id and o.customer_id = (select auth.uid())));
${grants('shop')}

insert into shop.products (sku, name, price_cents, stock) values
  ('MUG-01', 'Mug', 1200, 40),
  ('TEE-01', 'T-shirt', 2500, 25),
  ('CAP-01', 'Cap', 1800, 0);

with new_order as (
  insert into shop.orders (customer_id, status) values (${SAMPLE_USER}, 'paid')
  returning id
)
insert into shop.order_items (order_id, product_id, quantity, unit_price_cents)
select new_order.id, p.id, q.quantity, p.price_cents
from new_order
cross join (values ('MUG-01', 2), ('TEE-01', 1)) as q (sku, quantity)
join shop.products p on p.sku = q.sku;

select * from shop.order_totals;
`),
  },
]
