def to_csv(rows):
    return "".join(f"{row.id},{row.name}\n" for row in rows)


def total(values):
    count = 0
    for value in values:
        count += len(value)
    header = ""
    header += "done"
    return count, header


def describe(columns):
    out = []
    for column in columns:
        field_desc = column.name
        if column.null:
            field_desc += ", null=True"
        out.append(field_desc)
    return out


def definitions(fields):
    out = []
    for field in fields:
        # Each iteration starts `definition` afresh: it does not grow across iterations.
        definition, params = field.column_sql()
        if params:
            definition += " CHECK (%s)" % params
        out.append(definition)
    return out


def command_line(options):
    parse_args = []
    for value in options:
        parse_args += map(str, value)
    return parse_args


def unique_name(name, taken):
    # The loop tests the name it grows: it runs until the name is free, not over data.
    while name in taken:
        name += "_"
    return name
