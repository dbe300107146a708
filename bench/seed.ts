/**
 * The bench data set, in plain SQL plus the metadata rows the studio would write: tables and
 * indexes as a real deployment would have them, rows from generate_series, then ANALYZE.
 */
import pg from 'pg';

const DDL = [
  `create table authors (id serial primary key, name varchar(255) not null, bio text)`,
  `create table tags (id serial primary key, name varchar(100) not null)`,
  `create table articles (id serial primary key, title varchar(255) not null,
    status varchar(20) not null default 'draft', views integer not null default 0,
    published_at timestamptz, body text, author integer references authors(id))`,
  `create table articles_tags (id serial primary key,
    articles_id integer references articles(id) on delete cascade,
    tags_id integer references tags(id) on delete cascade)`,
  `create index on articles (author)`,
  `create index on articles (published_at)`,
  `create index on articles (status)`,
  `create index on articles_tags (articles_id)`,
  `create index on articles_tags (tags_id)`,
];

const DATA = [
  `insert into authors (name, bio) select 'Author ' || g, 'Writes about topic ' || g
    from generate_series(1, 100) g`,
  `insert into tags (name) select 'tag-' || g from generate_series(1, 20) g`,
  // 1 article in 50 mentions the search word; views spread over 0-9999.
  `insert into articles (title, status, views, published_at, body, author)
    select 'Article ' || g, (array['published', 'draft', 'archived'])[1 + g % 3],
      (g * 7919) % 10000, timestamptz '2020-01-01' + g * interval '7 minutes',
      repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 2)
        || case when g % 50 = 0 then 'needle' else 'haystack' end,
      1 + g % 100
    from generate_series(1, 100000) g`,
  // Three distinct tags per article.
  `insert into articles_tags (articles_id, tags_id)
    select a, 1 + (a + k * 7) % 20 from generate_series(1, 100000) a, generate_series(0, 2) k`,
];

/**
 * A non-admin caller whose one policy reads articles with an item filter (published only),
 * and authors and tags whole: the cost of permissions on the hot path.
 */
async function addMember(client: pg.Client, token: string): Promise<void> {
  const user = await client.query(
    `insert into daas_users (email, status, token) values ('member@bench.test', 'active', $1) returning id`,
    [token],
  );
  const policy = await client.query(
    `insert into daas_policies (name, app_access) values ('Bench readers', true) returning id`,
  );
  await client.query(`insert into daas_access ("user", policy) values ($1, $2)`, [
    user.rows[0].id,
    policy.rows[0].id,
  ]);
  await client.query(
    `insert into daas_permissions (policy, collection, action, fields, permissions) values
      ($1, 'articles', 'read', '["*"]', '{"status":{"_eq":"published"}}'),
      ($1, 'authors', 'read', '["*"]', null),
      ($1, 'tags', 'read', '["*"]', null)`,
    [policy.rows[0].id],
  );
}

export async function seed(
  url: string,
  admin: { token: string; adminEmail: string; memberToken?: string },
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of [...DDL, ...DATA]) await client.query(s);
    await client.query(
      `insert into daas_fields (collection, field, special, interface) values
        ('authors', 'articles', '["o2m"]', 'list-o2m'), ('articles', 'tags', '["m2m"]', 'list-m2m')`,
    );
    await client.query(
      `insert into daas_relations (many_collection, many_field, one_collection, one_field, junction_field) values
        ('articles', 'author', 'authors', 'articles', null),
        ('articles_tags', 'articles_id', 'articles', 'tags', 'tags_id'),
        ('articles_tags', 'tags_id', 'tags', null, 'articles_id')`,
    );
    const set = await client.query('update daas_users set token = $1 where email = $2', [
      admin.token,
      admin.adminEmail,
    ]);
    if (set.rowCount !== 1) throw new Error('the administrator was not found');
    if (admin.memberToken) await addMember(client, admin.memberToken);
    await client.query('vacuum analyze authors, tags, articles, articles_tags');
  } finally {
    await client.end();
  }
}
