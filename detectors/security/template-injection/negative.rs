use axum::extract::Query;

pub async fn render(Query(q): Query<Page>) -> String {
    let mut context = Context::new();
    context.insert("title", &q.title);
    Tera::one_off("<h1>{{ title }}</h1>", &context, true).unwrap()
}

pub fn page(tera: &Tera) -> String {
    tera.render("page.html", &Context::new()).unwrap()
}
