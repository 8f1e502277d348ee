from fastapi import FastAPI
from pydantic import BaseModel

app = FastAPI()
cursor = None


def view(request, cursor):
    q = request.GET.get("q")
    cursor.execute("SELECT * FROM t WHERE name = '%s'" % q)  # expect: sql-injection

def lookup(cursor, name):
    cursor.execute(f"SELECT * FROM t WHERE name = '{name}'")  # expect: sql-injection

def search(request, session):
    from sqlalchemy import text
    name = request.args["name"]
    return session.execute(text(f"SELECT * FROM t WHERE name = '{name}'"))  # expect: sql-injection

def monthly(cursor, store):
    table = store.table_name()
    cursor.execute("SELECT * FROM " + table)  # audit: sql-injection


def recent(request, Entry):
    return Entry.objects.extra(where=["author = '%s'" % request.GET["author"]])  # expect: sql-injection


def sorted_entries(request, Entry):
    return Entry.objects.extra(order_by=[request.GET["sort"]])  # expect: sql-injection


async def by_name(pool, name):
    return await pool.fetch(f"SELECT * FROM users WHERE name = '{name}'")  # expect: sql-injection


def by_id_query(uid):
    return "SELECT * FROM t WHERE id = " + uid


def show(request, cursor):
    cursor.execute(by_id_query(request.GET["id"]))  # expect: sql-injection


class Search(BaseModel):
    page: int
    name: str


@app.post("/search")
def search(query: Search):
    cursor.execute(f"SELECT * FROM t WHERE name = '{query.name}' OFFSET {query.page}")  # expect: sql-injection


async def table_rows(con, table):
    async with con.transaction():
        async for row in con.cursor(f"SELECT * FROM {table}"):  # expect: sql-injection
            yield row


user_query = lambda name: "SELECT * FROM users WHERE name = '" + name + "'"


def lambda_helper(request, cursor):
    cursor.execute(user_query(request.args["name"]))  # expect: sql-injection


def by_keyword(request, cursor):
    user = request.args["user"]
    cursor.execute("SELECT * FROM t WHERE u = '{user}'".format(user=user))  # expect: sql-injection


# A helper that runs a whole statement: the line that builds it from what the request sent
# is a finding, and so is the route's call, two calls away; the helper's own call of the
# database is one once a statement built from the request reaches it.
def run_statement(sql):
    return cursor.execute(sql)  # expect: sql-injection


def rows_for(owner):
    return run_statement("SELECT * FROM t WHERE owner = '" + owner + "'")  # expect: sql-injection


def owned(request):
    return rows_for(request.GET["owner"])  # expect: sql-injection


def removed(request):
    return run_statement("DELETE FROM t WHERE id = " + request.GET["id"])  # expect: sql-injection


def by_template(request, cursor):
    query = "SELECT * FROM users WHERE name = '[NAME]'".replace("[NAME]", request.args["name"])
    cursor.execute(query)  # expect: sql-injection


def pg8000_native(request):
    conn = pg8000.native.Connection("app")
    conn.run("SELECT * FROM users WHERE name = '%s'" % request.args["name"])  # expect: sql-injection


def keyword_query(request, cursor):
    cursor.execute(query="SELECT * FROM t WHERE name = '%s'" % request.args["n"])  # expect: sql-injection


# A helper of the same file hands back what the request sent.
def search_term():
    import flask

    return flask.request.args.get("q", "")


def search(cursor):
    cursor.execute("SELECT * FROM items WHERE name = '%s'" % search_term())  # expect: sql-injection


def run_given(request, cursor):
    cursor.execute(request.args["sql"])  # expect: sql-injection

