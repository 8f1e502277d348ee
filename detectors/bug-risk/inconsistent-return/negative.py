def find(xs, k):
    for x in xs:
        if x == k:
            return x
    return None


class Editor:
    def delete_model(self, model):
        self.execute("DROP TABLE %s" % model)

    def remove_field(self, model, field):
        # An early exit through a method that returns nothing hands on nothing.
        if field.many_to_many:
            return self.delete_model(field.through)
        if not field.column:
            return
        self.execute("ALTER TABLE %s DROP %s" % (model, field))
