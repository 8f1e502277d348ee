class DateView:
    def _get_current_year(self, date):
        return date.year

    def _get_current_month(self, date):
        return date.month

    def _next(self, date, period):
        get_current = getattr(self, "_get_current_%s" % period)
        return get_current(date)

    def _get_next_or_previous(self, field, is_next):
        return field if is_next else None
