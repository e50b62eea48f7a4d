/** A React Aria tab's classes: the selected one is bold with a thick underline, not colour alone. */
export const tabClass = ({ isSelected }: { isSelected: boolean }) =>
  `-mb-0.5 flex min-h-12 flex-1 cursor-pointer items-center justify-center border-b-4 px-3 py-2 text-center text-lg ${
    isSelected
      ? 'border-brand-dark font-bold text-gray-950 dark:border-orange-300 dark:text-white'
      : 'border-transparent font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-950 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white'
  }`;

export const tabListClass = 'flex border-b-2 border-gray-300 dark:border-gray-600';
