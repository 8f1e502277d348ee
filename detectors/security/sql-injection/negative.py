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
