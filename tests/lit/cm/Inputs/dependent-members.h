// A user header with a function template that spells CM member templates without `template`
// (used by member-templates-dependent.cpp: the rewrite follows the source's #include "...").
template <typename T, int N> vector<T, N / 2> even_elements(vector_ref<T, N> in) {
  return in.select<N / 2, 2>(0);
}
