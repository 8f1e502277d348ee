from typing import Optional
from psycopg2 import sql

from fastapi import FastAPI
from pydantic import BaseModel

app = FastAPI()
cursor = None


def view(request, cursor):
    q = request.GET.get("q")
    cursor.execute("SELECT * FROM t WHERE name = %s", [q])

def count(cursor, table: int):
    cursor.execute("SELECT %d" % table)
    cursor.execute("SELECT 1")


def wrap_with_comment(execute, sql, params):
    return execute(f"/* traced */ {sql}", params)

def search(request, session):
    from sqlalchemy import text
    name = request.args["name"]
    return session.execute(text("SELECT * FROM t WHERE name = :name"), {"name": name})

def by_ids(cursor, store):
    ids = store.ids()
    marks = ",".join(["%s"] * len(ids))
    cursor.execute("SELECT * FROM t WHERE id IN (%s)" % marks, ids)
    TABLE = "orders"
    cursor.execute("SELECT * FROM " + TABLE)
    query = store.prepared()
    cursor.execute(query)


def recent(request, Entry):
    return Entry.objects.extra(where=["author = %s"], params=[request.GET["author"]])


def sorted_entries(request, Entry):
    return Entry.objects.extra(order_by=["-pub_date"], where=["rating > %s"], params=[request.GET["min"]])


async def by_name(pool, name):
    return await pool.fetch("SELECT * FROM users WHERE name = $1", name)


def by_id_query(uid):
    return "SELECT * FROM t WHERE id = %s"


def show(request, cursor):
    cursor.execute(by_id_query(request.GET["id"]), [request.GET["id"]])


class Paging(BaseModel):
    page: int
    size: Optional[int] = None


@app.post("/listing")
def listing(paging: Paging):
    # Numbers the model validated cannot carry SQL.
    cursor.execute(f"SELECT * FROM t LIMIT {paging.size} OFFSET {paging.page}")


def by_column(cur, column):
    # psycopg2's composition quotes identifiers: no string is built.
    query = sql.SQL("SELECT {field} FROM t").format(field=sql.Identifier(column))
    cur.execute(query)


async def user_rows(con, name):
    async with con.transaction():
        async for row in con.cursor("SELECT * FROM users WHERE name = $1", name):
            yield row


def config_fetch(config, name):
    # Not a database: a settings object's own fetch.
    return config.fetch(f"{name}.timeout")


by_id = lambda user: "SELECT * FROM users WHERE id = %s"


def lambda_helper(request, cursor):
    cursor.execute(by_id(request.args["id"]), (request.args["id"],))


def by_keyword(request, cursor):
    order = "name"
    cursor.execute("SELECT * FROM t WHERE u = %(user)s ORDER BY {order}".format(order=order), {"user": request.args["user"]})


# A helper that runs a whole statement, given fixed text or a value passed apart.
def run_fixed(sql, params=()):
    return cursor.execute(sql, params)


def everything(request):
    return run_fixed("SELECT * FROM t WHERE owner = %s", (request.GET["owner"],))


def named(request):
    query = request.GET["saved_query_name"]
    return run_fixed(query)


def trimmed(request, cursor):
    table = "users".replace("s", "")
    cursor.execute("SELECT * FROM " + table)


def pg8000_native_bound(request):
    conn = pg8000.native.Connection("app")
    conn.run("SELECT * FROM users WHERE name = :name", name=request.args["name"])


def flask_app_run(request):
    app.run(host="127.0.0.1" + request.args["suffix"])


def default_term():
    return "widgets"


def search_default(cursor):
    cursor.execute("SELECT * FROM items WHERE name = '%s'" % default_term())  # audit: sql-injection


def run_query(sql):
    import sqlite3

    return sqlite3.connect("app.db").execute(sql).fetchall()


def find_user(name):
    return run_query("SELECT * FROM users WHERE name = ?", name)


def find_by_id(user_id):
    return run_query("SELECT * FROM users WHERE id = %d" % int(user_id))


def users_route():
    from flask import request

    return str(find_user(request.args["name"])) + str(find_by_id(request.args["id"]))
