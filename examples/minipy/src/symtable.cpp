// minipy scope analysis; see symtable.hpp for the rules.
//
// Two passes: a walk over the AST records, per scope, which names are parameters,
// bound, used or declared global/nonlocal (and checks declaration order); then a walk
// over the scope tree resolves every name and marks captured locals as cells.
#include "minipy/symtable.hpp"

namespace minipy {

const char* to_string(name_scope s) {
  switch (s) {
    case name_scope::local: return "local";
    case name_scope::cell: return "cell";
    case name_scope::free: return "free";
    case name_scope::global_explicit: return "global_explicit";
    case name_scope::global_implicit: return "global_implicit";
  }
  return "?";
}

const symbol* scope::lookup(std::string_view name) const {
  auto it = index.find(std::string(name));
  return it == index.end() ? nullptr : &symbols[it->second];
}

name_scope scope::scope_of(std::string_view name) const {
  const symbol* s = lookup(name);
  return s ? s->scope : name_scope::global_implicit;
}

namespace {

class builder {
 public:
  builder(std::vector<std::unique_ptr<scope>>& scopes, std::string file) : scopes_(scopes), file_(std::move(file)) {}

  void run(module& m) {
    m.scope = push(scope_kind::module, "<module>", location{1, 0, 1, 0});
    visit_body(m.body);
    pop();
    resolve(*m.scope);
    for (auto& s : scopes_) finish(*s);
  }

 private:
  [[noreturn]] void fail(const location& l, const std::string& msg) {
    throw syntax_error(file_, l.line, l.col + 1, msg);
  }

  scope* push(scope_kind kind, std::string name, const location& loc) {
    scopes_.push_back(std::make_unique<scope>());
    scope* s = scopes_.back().get();
    s->kind = kind;
    s->name = std::move(name);
    s->loc = loc;
    s->parent = cur_;
    if (cur_) cur_->children.push_back(s);
    cur_ = s;
    return s;
  }
  void pop() { cur_ = cur_->parent; }

  static symbol& add(scope& s, const std::string& name) {
    auto [it, inserted] = s.index.try_emplace(name, s.symbols.size());
    if (inserted) {
      s.symbols.emplace_back();
      s.symbols.back().name = name;
    }
    return s.symbols[it->second];
  }
  void bind(const std::string& name) { add(*cur_, name).is_assigned = true; }
  void use(const std::string& name) { add(*cur_, name).is_used = true; }
  void param(const std::string& name) {
    add(*cur_, name).is_param = true;
    cur_->params.push_back(name);
  }

  void declare(const std::string& name, bool global, const location& l) {
    const char* what = global ? "global" : "nonlocal";
    symbol& s = add(*cur_, name);
    if (s.is_param) fail(l, "name '" + name + "' is parameter and " + what);
    if (s.is_used) fail(l, "name '" + name + "' is used prior to " + what + " declaration");
    if (s.is_assigned) fail(l, "name '" + name + "' is assigned to before " + what + " declaration");
    if (!s.is_global_decl && !s.is_nonlocal_decl) s.decl = l;  // errors point at the first
    if (global)
      s.is_global_decl = true;
    else
      s.is_nonlocal_decl = true;
    if (global && cur_->kind != scope_kind::module) {
      // As in CPython, the module records names declared global anywhere.
      symbol& m = add(*scopes_.front(), name);
      if (!m.is_global_decl && !m.is_nonlocal_decl) m.decl = l;
      m.is_global_decl = true;
    }
  }

  void visit_body(stmt_list& body) {
    for (auto& s : body) visit_stmt(*s);
  }

  void visit_params(std::vector<parameter>& params) {
    for (auto& p : params)
      if (p.default_value) visit_expr(*p.default_value);
  }

  [[gnu::noinline]] void visit_stmt(stmt& s) {
    switch (s.kind) {
      case stmt_kind::expr: visit_expr(*s.as<expr_stmt>().value); return;
      case stmt_kind::assign: {
        auto& a = s.as<assign_stmt>();
        for (auto& t : a.targets) visit_expr(*t);
        visit_expr(*a.value);
        return;
      }
      case stmt_kind::aug_assign: {
        auto& a = s.as<aug_assign_stmt>();
        if (a.target->is<name_expr>()) use(a.target->as<name_expr>().id);  // also read
        visit_expr(*a.target);
        visit_expr(*a.value);
        return;
      }
      case stmt_kind::if_: {
        auto& i = s.as<if_stmt>();
        visit_expr(*i.test);
        visit_body(i.body);
        visit_body(i.orelse);
        return;
      }
      case stmt_kind::while_: {
        auto& w = s.as<while_stmt>();
        visit_expr(*w.test);
        visit_body(w.body);
        return;
      }
      case stmt_kind::for_: {
        auto& f = s.as<for_stmt>();
        visit_expr(*f.target);
        visit_expr(*f.iter);
        visit_body(f.body);
        return;
      }
      case stmt_kind::break_:
      case stmt_kind::continue_:
      case stmt_kind::pass: return;
      case stmt_kind::return_:
        if (auto& v = s.as<return_stmt>().value) visit_expr(*v);
        return;
      case stmt_kind::function_def: {
        auto& f = s.as<function_def>();
        bind(f.name);
        visit_params(f.params);
        for (auto& d : f.decorators) visit_expr(*d);
        f.scope = push(scope_kind::function, f.name, f.loc);
        for (auto& p : f.params) param(p.name);
        visit_body(f.body);
        pop();
        return;
      }
      case stmt_kind::class_def: {
        auto& c = s.as<class_def>();
        bind(c.name);
        if (c.base) visit_expr(*c.base);
        for (auto& d : c.decorators) visit_expr(*d);
        c.scope = push(scope_kind::class_body, c.name, c.loc);
        visit_body(c.body);
        pop();
        return;
      }
      case stmt_kind::global:
        for (auto& n : s.as<global_stmt>().names) declare(n, true, s.loc);
        return;
      case stmt_kind::nonlocal:
        for (auto& n : s.as<nonlocal_stmt>().names) declare(n, false, s.loc);
        return;
      case stmt_kind::del:
        for (auto& t : s.as<del_stmt>().targets) visit_expr(*t);
        return;
      case stmt_kind::with: {
        auto& w = s.as<with_stmt>();
        for (auto& item : w.items) {
          visit_expr(*item.context);
          if (item.target) visit_expr(*item.target);
        }
        visit_body(w.body);
        return;
      }
      case stmt_kind::try_: {
        auto& t = s.as<try_stmt>();
        visit_body(t.body);
        for (auto& hd : t.handlers) {
          if (hd.type) visit_expr(*hd.type);
          if (!hd.name.empty()) bind(hd.name);
          visit_body(hd.body);
        }
        visit_body(t.orelse);
        visit_body(t.finalbody);
        return;
      }
      case stmt_kind::raise:
        if (auto& e = s.as<raise_stmt>().exc) visit_expr(*e);
        return;
      case stmt_kind::assert_: {
        auto& a = s.as<assert_stmt>();
        visit_expr(*a.test);
        if (a.msg) visit_expr(*a.msg);
        return;
      }
    }
  }

  void visit_exprs(std::vector<expr_ptr>& v) {
    for (auto& e : v) visit_expr(*e);
  }

  [[gnu::noinline]] void visit_expr(expr& e) {
    switch (e.kind) {
      case expr_kind::name: visit_name(e.as<name_expr>()); return;
      case expr_kind::constant: return;
      case expr_kind::unary: visit_expr(*e.as<unary_expr>().operand); return;
      case expr_kind::binop:
        visit_expr(*e.as<binop_expr>().left);
        visit_expr(*e.as<binop_expr>().right);
        return;
      case expr_kind::boolop: visit_exprs(e.as<boolop_expr>().values); return;
      case expr_kind::compare:
        visit_expr(*e.as<compare_expr>().left);
        visit_exprs(e.as<compare_expr>().comparators);
        return;
      case expr_kind::if_exp: {
        auto& i = e.as<if_exp_expr>();
        visit_expr(*i.test);
        visit_expr(*i.body);
        visit_expr(*i.orelse);
        return;
      }
      case expr_kind::call: {
        auto& c = e.as<call_expr>();
        visit_expr(*c.func);
        visit_exprs(c.args);
        for (auto& k : c.keywords) visit_expr(*k.value);
        return;
      }
      case expr_kind::attribute: visit_expr(*e.as<attribute_expr>().value); return;
      case expr_kind::subscript:
        visit_expr(*e.as<subscript_expr>().value);
        visit_expr(*e.as<subscript_expr>().index);
        return;
      case expr_kind::slice: {
        auto& s = e.as<slice_expr>();
        if (s.lower) visit_expr(*s.lower);
        if (s.upper) visit_expr(*s.upper);
        return;
      }
      case expr_kind::tuple: visit_exprs(e.as<tuple_expr>().elts); return;
      case expr_kind::list: visit_exprs(e.as<list_expr>().elts); return;
      case expr_kind::dict:
        visit_exprs(e.as<dict_expr>().keys);
        visit_exprs(e.as<dict_expr>().values);
        return;
      case expr_kind::list_comp: visit_list_comp(e.as<list_comp_expr>()); return;
      case expr_kind::lambda: visit_lambda(e.as<lambda_expr>()); return;
    }
  }

  // Kept out of line so the frame of the recursive visit_expr stays small.
  [[gnu::noinline]] void visit_list_comp(list_comp_expr& l) {
    visit_expr(*l.generators.front().iter);  // evaluated in the enclosing scope
    l.scope = push(scope_kind::comprehension, "<listcomp>", l.loc);
    param(".0");
    for (std::size_t i = 0; i < l.generators.size(); ++i) {
      auto& g = l.generators[i];
      visit_expr(*g.target);
      if (i > 0) visit_expr(*g.iter);
      visit_exprs(g.ifs);
    }
    visit_expr(*l.element);
    pop();
  }

  [[gnu::noinline]] void visit_lambda(lambda_expr& l) {
    visit_params(l.params);
    l.scope = push(scope_kind::lambda, "<lambda>", l.loc);
    for (auto& p : l.params) param(p.name);
    visit_expr(*l.body);
    pop();
  }

  [[gnu::noinline]] void visit_name(name_expr& n) {
    if (n.ctx == expr_context::load)
      use(n.id);
    else
      bind(n.id);
  }

  // Classifies the names of `s`, then of its children (pre-order, so every enclosing
  // scope is classified before a nested scope captures one of its locals). Resolution
  // walks up the parent chain instead of passing sets of bound names down, so the cost
  // is O(symbols x nesting depth) whatever the shape of the program.
  void resolve(scope& s) {
    for (std::size_t i = 0; i < s.symbols.size(); ++i) {
      symbol& sym = s.symbols[i];
      if (sym.is_global_decl) {
        if (sym.is_nonlocal_decl) fail(sym.decl, "name '" + sym.name + "' is nonlocal and global");
        sym.scope = name_scope::global_explicit;
      } else if (sym.is_nonlocal_decl) {
        // Reported here rather than at the declaration, as CPython does, so that
        // declaration-order errors anywhere in the file take precedence.
        if (s.kind == scope_kind::module) fail(sym.decl, "nonlocal declaration not allowed at module level");
        scope* owner = find_binding(s, sym.name);
        if (!owner) fail(sym.decl, "no binding for nonlocal '" + sym.name + "' found");
        sym.scope = name_scope::free;
        capture(s, *owner, sym.name);
      } else if (s.kind == scope_kind::module) {
        sym.scope = name_scope::global_implicit;
      } else if (sym.is_param || sym.is_assigned) {
        sym.scope = name_scope::local;
      } else if (scope* owner = find_binding(s, sym.name)) {
        s.symbols[i].scope = name_scope::free;
        capture(s, *owner, s.symbols[i].name);
      } else {
        sym.scope = name_scope::global_implicit;
      }
    }
    for (scope* c : s.children) resolve(*c);
  }

  // The nearest enclosing function-like scope that provides `name` to `s` (binds it
  // or declares it nonlocal), or nullptr if `name` is global there. Class bodies are
  // skipped: they do not provide bindings to nested scopes.
  static scope* find_binding(const scope& s, const std::string& name) {
    for (scope* a = s.parent; a && a->kind != scope_kind::module; a = a->parent) {
      if (a->kind == scope_kind::class_body) continue;
      const symbol* sym = a->lookup(name);
      if (!sym) continue;
      if (sym->is_global_decl) return nullptr;
      if (sym->is_nonlocal_decl || sym->is_param || sym->is_assigned) return a;
    }
    return nullptr;
  }

  // `s` uses `name` bound in `owner`: the binding becomes a cell and every scope in
  // between passes the variable through as a free variable.
  static void capture(scope& s, scope& owner, const std::string& name) {
    symbol& b = owner.symbols[owner.index.at(name)];
    if (b.scope == name_scope::local) b.scope = name_scope::cell;
    for (scope* mid = s.parent; mid != &owner; mid = mid->parent) {
      auto it = mid->index.find(name);
      if (it == mid->index.end()) {
        add(*mid, name).scope = name_scope::free;
      } else if (mid->kind == scope_kind::class_body) {
        symbol& m = mid->symbols[it->second];
        if (m.scope != name_scope::free) m.is_class_free = true;
      }
    }
  }

  static void finish(scope& s) {
    for (const symbol& sym : s.symbols)
      if (sym.scope == name_scope::free || sym.is_class_free) s.freevars.push_back(sym.name);
    if (s.kind == scope_kind::module) return;
    for (const std::string& p : s.params) s.varnames.push_back(p);
    for (const symbol& sym : s.symbols) {
      const bool is_local = sym.scope == name_scope::local || sym.scope == name_scope::cell;
      if (is_local && !sym.is_param) s.varnames.push_back(sym.name);
    }
    for (const std::string& v : s.varnames)
      if (s.symbols[s.index.at(v)].scope == name_scope::cell) s.cellvars.push_back(v);
  }

  std::vector<std::unique_ptr<scope>>& scopes_;
  std::string file_;
  scope* cur_ = nullptr;
};

}  // namespace

symtable build_symtable(module& m) {
  symtable st;
  builder b(st.scopes_, m.filename);
  b.run(m);
  return st;
}

}  // namespace minipy
