def view(request, cursor):
    q = request.GET.get("q")
    cursor.execute("SELECT * FROM t WHERE name = %s", [q])

def count(cursor, table: int):
    cursor.execute("SELECT %d" % table)
    cursor.execute("SELECT 1")


def wrap_with_comment(execute, sql, params):
    return execute(f"/* traced */ {sql}", params)
