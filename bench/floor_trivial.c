/* floor_trivial.c - the lower bound: a process that exits at once. */
int main(void)
{
    return 0;
}
